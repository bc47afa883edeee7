// @vitest-environment node

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { readSettings } from '../config/settings';
import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Renderer } from '../pages/page-handler';
import { captureLog } from '../testing/capture-log';

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

/** A database that has gone away: every statement fails, as with a lost connection. */
const lostDatabase = {
  kind: 'pglite',
  query: async () => {
    throw new Error('connection terminated: SELECT secret FROM internals');
  },
  transaction: async () => {
    throw new Error('connection terminated');
  },
  close: async () => {},
} as unknown as Database;

/** A page whose route loader throws: the renderer fails as a whole. */
const failingRenderer: Renderer = {
  renderPage: async () => {
    throw new Error('loader exploded at /srv/app/secret.ts');
  },
};

function setup() {
  const app = createApp({
    settings: readSettings({ NODE_ENV: 'production' }),
    getRenderer: async () => failingRenderer,
    getManifest: async () => undefined,
    api: { db: lostDatabase, now: () => new Date('2026-11-21T12:00:00Z') },
  });
  return (path: string, host = 'localhost:3030', headers: Record<string, string> = {}) =>
    app.request(`http://${host}${path}`, { headers: { host, 'user-agent': WINDOWS, ...headers } });
}

type ErrorLine = { msg: string; path: string; method: string; err: { message: string } };
let capture: ReturnType<typeof captureLog>;
beforeEach(() => {
  capture = captureLog('error');
});
afterEach(() => capture.restore());
/** The server-error lines the logger wrote during the test. */
const serverErrors = () => (capture.lines as ErrorLine[]).filter((line) => line.msg === 'server error');

describe('an unexpected error on a page', () => {
  it('renders the spec’s 500 page in the page’s language and brand, and logs the error', async () => {
    const get = setup();
    const cases = [
      {
        path: '/login',
        host: 'localhost:3030',
        lang: 'zh-CN',
        brand: '星达通',
        hint: '页面出了点问题',
        home: 'href="/"',
      },
      {
        path: '/en/login',
        host: 'localhost:3030',
        lang: 'en',
        brand: 'StarReach',
        hint: 'went wrong',
        home: 'href="/en"',
      },
      {
        path: '/business-college',
        host: 'localhost:3031',
        lang: 'zh-CN',
        brand: '达人宝',
        hint: '请刷新',
        home: 'href="/"',
      },
      {
        path: '/en/register',
        host: 'creatorbox.example',
        lang: 'en',
        brand: 'CreatorBox',
        // The React error page's words: both pages take them from the catalog.
        hint: 'Please refresh and try again.',
        home: 'href="/en"',
      },
    ];
    for (const expected of cases) {
      const res = await get(expected.path, expected.host);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('Unknown middleware');
      expect(html).toContain(`<html lang="${expected.lang}"`);
      expect(html).toContain(expected.brand);
      expect(html).toContain(expected.hint);
      expect(html).toContain(expected.home);
      expect(html).not.toContain('secret');
    }
    expect(serverErrors()).toHaveLength(cases.length);
    expect(serverErrors()[0]).toMatchObject({ method: 'GET', path: '/login' });
    expect(serverErrors()[0].err.message).toContain('loader exploded');
  });
});

describe('an unexpected error in the API', () => {
  it('answers {code: 500, message} in the request’s language, without the error’s details, and logs it', async () => {
    const get = setup();
    const zh = await get('/api/v2/college/articles?section=operate');
    expect(zh.status).toBe(500);
    expect(zh.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await zh.json()).toEqual({ code: 500, message: '服务器开小差了，请稍后再试' });
    const en = await get('/api/v2/college/articles?section=operate', 'localhost:3030', { 'accept-language': 'en-US' });
    const body = await en.json();
    expect(body).toEqual({ code: 500, message: 'Server error, please try again later' });
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(serverErrors()).toHaveLength(2);
    expect(serverErrors()[0].err.message).toContain('connection terminated');
  });
});

describe('the database unreachable (stopped, restarting, a connection or query timeout)', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const timeout = new Error('timeout exceeded when trying to connect');
  const unreachable = (error: Error) =>
    ({
      kind: 'postgres',
      query: async () => {
        throw error;
      },
      transaction: async () => {
        throw error;
      },
      close: async () => {},
    }) as unknown as Database;

  it('is recognised by its code, SQLSTATE or the pg client’s words; a bug is not', () => {
    for (const error of [refused, shutdown, timeout, new Error('x', { cause: refused })])
      expect(isDatabaseUnavailable(error)).toBe(true);
    for (const error of [new Error('syntax error at or near "selec"'), new TypeError('undefined is not a function')])
      expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('the API answers 503 with the envelope and Retry-After in the request’s language, logged as a warning', async () => {
    const warnings = captureLog('warn');
    try {
      for (const error of [refused, shutdown, timeout]) {
        const app = createApp({
          settings: readSettings({ NODE_ENV: 'production' }),
          getRenderer: async () => failingRenderer,
          getManifest: async () => undefined,
          api: { db: unreachable(error), now: () => new Date('2026-11-21T12:00:00Z') },
        });
        const zh = await app.request('http://localhost:3030/api/v2/college/articles?section=operate');
        expect(zh.status).toBe(503);
        expect(zh.headers.get('retry-after')).toBe('5');
        expect(await zh.json()).toEqual({ code: 503, message: '服务暂时不可用，请稍后再试' });
        const en = await app.request('http://localhost:3030/api/v2/captcha/puzzle', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body: '{}',
        });
        expect(en.status).toBe(503);
        expect(await en.json()).toEqual({
          code: 503,
          message: 'The service is temporarily unavailable, please try again in a moment',
        });
      }
      const messages = (warnings.lines as { msg: string }[]).map((line) => line.msg);
      expect(messages).not.toContain('server error');
      expect(messages.filter((msg) => msg === 'database unavailable')).toHaveLength(6);
    } finally {
      warnings.restore();
    }
  });
});
