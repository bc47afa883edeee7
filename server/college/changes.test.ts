// @vitest-environment node
/**
 * A college change drops the cached college pages: this process's at once, another process's within a second on
 * PostgreSQL (NOTIFY/LISTEN; two app instances on one database), and a lost listening connection counts as a change.
 * Pages without college data stay cached; a render begun before a change is not stored; a draft's preview page is
 * never stored; an article page answered from the cache still counts its view.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { buildCachedPage, HtmlCache } from '../pages/html-cache';
import type { Renderer } from '../pages/page-handler';
import { bilingual, fixtureContent } from '../testing/college';
import { type ScratchDatabase, scratchDatabase } from '../testing/databases';
import { portalApp } from '../testing/portal-app';
import { type CollegeChanges, localCollegeChanges, postgresCollegeChanges } from './changes';
import { isCollegePage, isCollegePageKey } from './paths';
import { seedCollege } from './seed';
import { articleViews } from './views';

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const ARTICLES = bilingual(301, 'operate', 'base', { title: '第一版' }, { title: 'First' });

/** A renderer showing the live title of article 301 (what a college page would show), and counting its renders. */
function titleRenderer(db: Database): Renderer & { renders: string[] } {
  const renders: string[] = [];
  return {
    renders,
    async renderPage(request) {
      const path = new URL(request.url).pathname;
      renders.push(path);
      const [row] = await db.query<{ title: string }>(
        `select title from college_articles where id = 301 and lang = 'zh' and published`,
      );
      return new Response(`<html><body>${path}|${row?.title ?? 'none'}</body></html>`, {
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    },
  };
}

function appOn(db: Database, collegeChanges: CollegeChanges) {
  const renderer = titleRenderer(db);
  const { app, request } = portalApp(db, { renderer, collegeChanges });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await request(path, { headers: { 'user-agent': WINDOWS, ...headers } });
    return { response, text: await response.text() };
  };
  return { app, renderer, get };
}

async function seed(db: Database) {
  const content = fixtureContent(ARTICLES);
  try {
    await seedCollege(db, content.dir, { log: () => {} });
  } finally {
    content.dispose();
  }
}

describe('which cached pages a change drops', () => {
  it('the college, its articles, the other article routes and the site map, in both languages', () => {
    for (const path of [
      '/business-college',
      '/en/business-college?page=2',
      '/business-college/operate/301',
      '/article/report/4010',
      '/en/electricity-detail',
      '/site-map',
    ])
      expect(isCollegePage(path), path).toBe(true);
    for (const path of ['/', '/en', '/login', '/business-colleges', '/en/site-mapping'])
      expect(isCollegePage(path), path).toBe(false);
    expect(isCollegePageKey('p|n|starreach|d|windows|2026|http://localhost:3030|/en/business-college/test')).toBe(true);
    expect(isCollegePageKey('p|n|starreach|d|windows|2026|http://localhost:3030|/login')).toBe(false);
  });

  it('a render begun before a clear is not stored', async () => {
    const cache = new HtmlCache({ ttlMs: 60_000 });
    const page = await buildCachedPage(200, '<p>old</p>', {});
    const generation = cache.generation;
    cache.clear();
    cache.set('k', page, generation);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', page, cache.generation);
    expect(cache.get('k')).toBe(page);
  });
});

describe('one process (PGlite)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPGlite();
    await migrate(db);
  }, 60_000);
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.exec('truncate college_articles, college_posts, college_views, college_view_counts cascade');
    await seed(db);
  });

  it('drops the cached college pages at the announcement, and keeps the others', async () => {
    const changes = localCollegeChanges();
    const { get, renderer } = appOn(db, changes);
    expect((await get('/business-college/operate')).text).toContain('第一版');
    expect((await get('/login')).text).toContain('第一版');
    await db.query(`update college_articles set title = '第二版' where id = 301`);
    expect((await get('/business-college/operate')).text).toContain('第一版'); // cached
    await changes.announce();
    expect((await get('/business-college/operate')).text).toContain('第二版');
    expect((await get('/login')).text).toContain('第一版'); // no college data: still the cached page
    expect(renderer.renders).toEqual(['/business-college/operate', '/login', '/business-college/operate']);
  });

  it('never stores a preview page, and says noindex and no-store', async () => {
    const { get, renderer } = appOn(db, localCollegeChanges());
    for (const path of ['/business-college/preview/1.2.abc', '/en/business-college/preview/1.2.abc']) {
      const first = await get(path);
      const second = await get(path);
      expect(first.response.headers.get('cache-control')).toBe('no-store');
      expect(second.response.headers.get('x-robots-tag')).toBe('noindex');
      expect(second.response.headers.get('etag')).toBeNull();
    }
    expect(renderer.renders).toHaveLength(4);
  });

  it('counts the views of an article page answered from the cache, not of bots', async () => {
    const { app, get, renderer } = appOn(db, localCollegeChanges());
    const visitor = (n: number) => ({ cookie: `visitor_id=${String(n).repeat(22)}` });
    await get('/business-college/operate/301', visitor(1));
    await get('/business-college/operate/301', visitor(2));
    await get('/en/business-college/operate/301', visitor(3));
    await get('/business-college/operate/301', visitor(1));
    await get('/business-college/operate/301', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    // Two renders for the people (zh, en), the others answered from the cache; the bot's own (another platform).
    expect(renderer.renders).toEqual([
      '/business-college/operate/301',
      '/en/business-college/operate/301',
      '/business-college/operate/301',
    ]);
    await app.views?.settled();
    expect(await articleViews(db, 301)).toBe(3);
  });

  it('counts no view of an article page the page rules redirect (a phone is sent to /register)', async () => {
    const { app, get, renderer } = appOn(db, localCollegeChanges());
    const phone = { 'user-agent': IPHONE, cookie: `visitor_id=${'7'.repeat(22)}` };
    const answer = await get('/business-college/operate/301', phone);
    expect(answer.response.status).toBe(302);
    expect(answer.response.headers.get('location')).toMatch(/^\/register\?/);
    expect(renderer.renders).toEqual([]);
    await app.views?.settled();
    expect(await articleViews(db, 301)).toBe(0);
  });
});

describe('views on the Node fast path', () => {
  it('counts an article page the fast path answers from the cache', async () => {
    const db = await openPGlite();
    const servers: Server[] = [];
    try {
      await migrate(db);
      await seed(db);
      const { app, renderer } = appOn(db, localCollegeChanges());
      const honoListener = getRequestListener(app.fetch);
      let byApp = 0;
      const server = createServer((req, res) => {
        if (app.serveNode(req, res)) return;
        byApp++;
        honoListener(req, res);
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const get = (cookie: string) =>
        fetch(`http://127.0.0.1:${port}/business-college/operate/301`, {
          headers: { 'user-agent': WINDOWS, cookie },
        }).then((response) => response.text());
      for (const n of [1, 2, 3, 2]) expect(await get(`visitor_id=${String(n).repeat(22)}`)).toContain('第一版');
      expect(byApp).toBe(1);
      expect(renderer.renders).toHaveLength(1);
      await app.views?.settled();
      expect(await articleViews(db, 301)).toBe(3);
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await db.close();
    }
  }, 60_000);
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('two processes on one PostgreSQL database', () => {
  let scratch: ScratchDatabase;
  let first: Database;
  let second: Database;
  /** The listening connections of the database's processes, as the server lists them. */
  const listeners = `from pg_stat_activity where datname = current_database() and query ilike 'listen college_changed%'`;
  beforeAll(async () => {
    scratch = await scratchDatabase('portal_changes');
    first = await openPostgres(scratch.url, 2);
    second = await openPostgres(scratch.url, 2);
    await migrate(first);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await scratch?.drop();
  });
  beforeEach(async () => {
    await first.exec('truncate college_articles, college_posts, college_views, college_view_counts cascade');
    await seed(first);
  });

  it("a change announced on one instance drops the other's cached page within a second", async () => {
    const changesA = postgresCollegeChanges(first);
    const changesB = postgresCollegeChanges(second);
    await Promise.all([changesA.ready, changesB.ready]);
    try {
      const a = appOn(first, changesA);
      const b = appOn(second, changesB);
      expect((await a.get('/business-college/operate/301')).text).toContain('第一版');
      expect((await b.get('/business-college/operate/301')).text).toContain('第一版');
      expect((await b.get('/login')).text).toContain('第一版');
      await first.query(`update college_articles set title = '第二版' where id = 301`);
      expect((await b.get('/business-college/operate/301')).text).toContain('第一版'); // cached on B

      const announced = Date.now();
      await changesA.announce();
      // A's own page at once.
      expect((await a.get('/business-college/operate/301')).text).toContain('第二版');
      await vi.waitFor(async () => expect((await b.get('/business-college/operate/301')).text).toContain('第二版'), {
        timeout: 1000,
        interval: 20,
      });
      expect(Date.now() - announced).toBeLessThan(1000);
      // B's page without college data was kept.
      expect(b.renderer.renders.filter((path) => path === '/login')).toHaveLength(1);
      expect((await b.get('/login')).text).toContain('第一版');
    } finally {
      await changesA.stop();
      await changesB.stop();
    }
  });

  it('counts a lost listening connection as a change, and listens again', async () => {
    const changes = postgresCollegeChanges(second);
    await changes.ready;
    const heard = vi.fn();
    changes.subscribe(heard);
    try {
      await first.query(`select pg_terminate_backend(pid) ${listeners}`);
      await vi.waitFor(() => expect(heard).toHaveBeenCalled(), { timeout: 2000, interval: 20 });
      // Listening again: another process's announcement is heard.
      await vi.waitFor(
        async () => {
          const rows = await first.query(`select 1 ${listeners}`);
          expect(rows.length).toBe(1);
        },
        { timeout: 3000, interval: 50 },
      );
      heard.mockClear();
      const other = postgresCollegeChanges(first);
      await other.ready;
      await other.announce();
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1), { timeout: 1000, interval: 20 });
      await other.stop();
    } finally {
      await changes.stop();
    }
  });
});

describe('a change during a render', () => {
  it('neither stores nor hands to the requests waiting for it a page begun before the change', async () => {
    const db = await openPGlite();
    try {
      await migrate(db);
      await seed(db);
      const changes = localCollegeChanges();
      const { get, renderer } = appOn(db, changes);
      // The first render reads the old title, then waits until the change is announced.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const render = renderer.renderPage.bind(renderer);
      let calls = 0;
      renderer.renderPage = async (request, options) => {
        const page = await render(request, options);
        if (calls++ === 0) await held;
        return page;
      };
      const first = get('/business-college/operate');
      const waiting = get('/business-college/operate');
      await vi.waitFor(() => expect(renderer.renders).toHaveLength(1));
      await db.query(`update college_articles set title = '第二版' where id = 301`);
      await changes.announce();
      release();
      expect((await first).text).toContain('第一版'); // the request that began it gets what it rendered
      expect((await waiting).text).toContain('第二版');
      expect((await get('/business-college/operate')).text).toContain('第二版');
    } finally {
      await db.close();
    }
  }, 60_000);
});
