// @vitest-environment node
/**
 * Scheduled publishing, exactly once: two app instances (each its own console app, database pool and scheduler loop,
 * as two server processes have) on one PostgreSQL database, their time from one test clock file
 * (server/ops/test-clock.ts); and a restart between the scheduling and the time. On PGlite (one process), two
 * schedulers of the same process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPostgres } from '../db/postgres';
import { testClock } from '../ops/test-clock';
import { recordedCollegeChanges } from '../testing/college';
import { type ConsoleHarness, consoleHarness } from '../testing/console-harness';
import { describeDatabases, type ScratchDatabase, scratchDatabase } from '../testing/databases';
import type { ArticleAnswer } from './publishing';
import { publishDue } from './publishing';
import { startCollegeScheduler } from './scheduler';

const START = new Date('2026-11-21T12:00:00Z');
const MINUTE = 60_000;

const text = (title: string) => ({ title, summary: `${title} summary`, body: `${title} body` });

async function schedule(h: ConsoleHarness, index: number, at: Date): Promise<number> {
  const made = await h.call<ArticleAnswer>('POST', '/articles', {
    section: 'operate',
    slug: `scheduled-${index}`,
    tags: [],
    zh: text(`定时${index}`),
    en: text(`Scheduled ${index}`),
  });
  const id = made.body.data?.id as number;
  const scheduled = await h.call<ArticleAnswer>('POST', `/articles/${id}/publish`, { at: at.toISOString() });
  expect(scheduled.body.data?.state, scheduled.text).toBe('scheduled');
  return id;
}

const publications = (db: Database) =>
  db.query<{ id: number; n: number }>(
    `select (after->>'id')::integer as id, count(*)::integer as n from operator_audit
      where action = 'article.publish' group by 1 order by 1`,
  );

const liveIds = async (db: Database) =>
  (
    await db.query<{ id: number }>(
      "select id from college_articles where published and lang = 'en' and slug like 'scheduled-%' order by id",
    )
  ).map((row) => row.id);

/** A clock file two instances read, as TEST_CLOCK_FILE makes every process's `now()`: real time plus its seconds. */
function clockFile() {
  const dir = mkdtempSync(join(tmpdir(), 'college-clock-'));
  const file = join(dir, 'offset');
  const offsetTo = (at: Date) => writeFileSync(file, String((at.getTime() - Date.now()) / 1000));
  offsetTo(START);
  const clock = () => {
    const now = testClock({ NODE_ENV: 'development', TEST_CLOCK_FILE: file }, () => {}, 10);
    if (!now) throw new Error('no test clock');
    return now;
  };
  return { clock, offsetTo, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

describeDatabases('the college scheduler in one process', (getDb) => {
  it('two schedulers of one database publish each due article once, at its time', async () => {
    const db = getDb();
    const h = await consoleHarness(db, { role: 'editor', start: START });
    const ids = [
      await schedule(h, 1, new Date(START.getTime() + MINUTE)),
      await schedule(h, 2, new Date(START.getTime() + 2 * MINUTE)),
    ];
    let now = START;
    const collegeChanges = recordedCollegeChanges();
    const { announce } = collegeChanges;
    const deps = { db, now: () => now, collegeChanges };
    expect(await Promise.all([publishDue(deps), publishDue(deps)])).toEqual([0, 0]);
    now = new Date(START.getTime() + MINUTE);
    const first = await Promise.all([publishDue(deps), publishDue(deps), publishDue(deps)]);
    expect(first.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await liveIds(db)).toEqual([ids[0]]);
    now = new Date(START.getTime() + 10 * MINUTE);
    const second = await Promise.all([publishDue(deps), publishDue(deps), publishDue(deps)]);
    expect(second.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await liveIds(db)).toEqual(ids);
    expect(await publications(db)).toEqual(ids.map((id) => ({ id, n: 1 })));
    expect(announce).toHaveBeenCalledTimes(2);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the college scheduler on two processes of one PostgreSQL database', () => {
  let scratch: ScratchDatabase;
  const handles: Database[] = [];
  const stops: (() => void)[] = [];
  let clocks: ReturnType<typeof clockFile>;

  /** One "process": its own pool, console app (its own operator) and scheduler loop, its time from the clock file. */
  async function instance(label: string) {
    const db = await openPostgres(scratch.url, 4);
    handles.push(db);
    const now = clocks.clock();
    // Its loop's looks at the time: each pass looks once, and once more per article it publishes.
    let looks = 0;
    const collegeChanges = recordedCollegeChanges();
    const { announce } = collegeChanges;
    const h = await consoleHarness(db, {
      role: 'editor',
      name: `editor-${label}`,
      start: now(),
      deps: { collegeChanges },
    });
    const stop = startCollegeScheduler(
      {
        db,
        now: () => {
          looks++;
          return now();
        },
        collegeChanges,
      },
      25,
    );
    stops.push(stop);
    const close = async () => {
      stop();
      await db.close();
    };
    return { db, h, announce, stop, close, looks: () => looks };
  }

  /**
   * Resolves once each instance's loop has made a whole pass that began after this call: two more looks at the
   * time (the pass under way, if any, ends having published nothing more than is due; the next one starts with the
   * first look and has ended when the second is made).
   */
  async function wholePasses(...instances: { looks: () => number }[]) {
    const from = instances.map((p) => p.looks());
    await vi.waitFor(
      () => expect(instances.map((p, i) => p.looks() - from[i] >= 2)).toEqual(instances.map(() => true)),
      { timeout: 5_000, interval: 10 },
    );
  }

  const liveSoon = (db: Database, check: (ids: number[]) => void) =>
    vi.waitFor(async () => check(await liveIds(db)), { timeout: 10_000, interval: 20 });

  beforeAll(async () => {
    scratch = await scratchDatabase();
    const db = await openPostgres(scratch.url, 2);
    await migrate(db);
    await db.close();
  }, 60_000);

  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    for (const db of handles.splice(0)) await db.close().catch(() => {});
    clocks?.dispose();
  });

  afterAll(async () => {
    await scratch?.drop();
  });

  it('publishes each scheduled article once, at its time, whichever process gets it', async () => {
    clocks = clockFile();
    const a = await instance('a');
    const b = await instance('b');
    const times = [1, 1, 1, 2, 2, 3].map((minutes) => new Date(START.getTime() + minutes * MINUTE));
    const ids: number[] = [];
    for (const [index, at] of times.entries()) ids.push(await schedule(index % 2 ? b.h : a.h, index, at));
    // Both loops run; before the time nothing is published.
    await wholePasses(a, b);
    expect(await liveIds(a.db)).toEqual([]);

    clocks.offsetTo(new Date(START.getTime() + 2 * MINUTE + 1000));
    await liveSoon(a.db, (live) => expect(live).toHaveLength(5));
    // Once both loops have looked again, the last (due a minute later) is still not published.
    await wholePasses(a, b);
    expect(await liveIds(b.db)).toEqual(ids.slice(0, 5));

    clocks.offsetTo(new Date(START.getTime() + 3 * MINUTE + 1000));
    await liveSoon(a.db, (live) => expect(live).toEqual(ids));
    // Both processes hammering at once changes nothing more.
    const extra = await Promise.all(
      [a, b, a, b].map((p) => publishDue({ db: p.db, now: () => new Date(START.getTime() + 10 * MINUTE) })),
    );
    expect(extra).toEqual([0, 0, 0, 0]);
    expect(await publications(a.db)).toEqual(ids.map((id) => ({ id, n: 1 })));
    // Each publication was announced once, by the process that made it.
    expect(a.announce.mock.calls.length + b.announce.mock.calls.length).toBe(6);
    const states = await a.db.query<{ state: string; publish_at: Date | null }>(
      "select state, publish_at from college_posts where slug like 'scheduled-%'",
    );
    expect(states).toEqual(ids.map(() => ({ state: 'published', publish_at: null })));
  });

  it('publishes after a restart between the scheduling and the time', async () => {
    clocks = clockFile();
    const first = await instance('first');
    await first.db.exec('truncate college_posts, college_post_texts, college_articles, operator_audit cascade');
    const id = await schedule(first.h, 9, new Date(START.getTime() + 5 * MINUTE));
    await first.close();
    handles.splice(handles.indexOf(first.db), 1);

    clocks.offsetTo(new Date(START.getTime() + 6 * MINUTE));
    const restarted = await instance('restarted');
    await liveSoon(restarted.db, (live) => expect(live).toEqual([id]));
    expect(await publications(restarted.db)).toEqual([{ id, n: 1 }]);
    expect(restarted.announce).toHaveBeenCalledTimes(1);
  });
});
