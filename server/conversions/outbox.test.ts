// @vitest-environment node
/**
 * Server-side ad conversions: the outbox row is written with the registration, sent once to Baidu's OCPC upload
 * (or a configured URL) against a loopback fake, retried with back-off through an outage, closed on a refusal
 * that will not change, and never sent by two runners at once or again after it was sent.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSettings } from '../config/settings';
import { log } from '../ops/log';
import { registry } from '../ops/metrics';
import { harness } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';
import { backoffSeconds, MAX_ATTEMPTS, runConversionOutbox } from './outbox';

/** The outbox counter of the metrics for one click id and outcome. */
async function conversionCount(param: string, outcome: string): Promise<number> {
  const metric = await registry.getSingleMetric('portal_ad_conversions_total')?.get();
  return metric?.values.find((v) => v.labels.param === param && v.labels.outcome === outcome)?.value ?? 0;
}

const PORT = 5525;
const received: { path: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { header: { status: 0, desc: 'success' } } };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: text ? JSON.parse(text) : null });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const settings = readSettings({
  PUBLIC_URL: 'https://www.example.test',
  BAIDU_OCPC_TOKEN: 'baidu-token',
  BAIDU_OCPC_URL: `http://127.0.0.1:${PORT}/ocpcapi/api/uploadConvertData`,
  AD_CONVERSION_SERVER_URLS: `qhclickid=http://127.0.0.1:${PORT}/360?qhclickid={clickId}&event=register`,
});

describeDatabases('server-side ad conversions', (getDb) => {
  const rows = async () =>
    getDb().query<{
      param: string;
      attempts: number;
      sent_at: Date | null;
      closed_at: Date | null;
      last_error: string | null;
    }>('select param, attempts, sent_at, closed_at, last_error from ad_conversions order by id');

  it('writes the click ids with the registration and reports each once', async () => {
    received.length = 0;
    answer = { status: 200, body: { header: { status: 0, desc: 'success' } } };
    const h = harness(getDb());
    await h.register('13500000001', { registeInfo: { bd_vid: 'bd-click-1', qhclickid: 'qh-click-1', utm_term: 'x' } });
    expect((await rows()).map((r) => r.param)).toEqual(['bd_vid', 'qhclickid']);
    const info = vi.spyOn(log, 'info');
    const sentBefore = await conversionCount('bd_vid', 'sent');
    expect(await runConversionOutbox(getDb(), settings, h.now)).toBe(2);
    // The metrics see it too.
    expect(await conversionCount('bd_vid', 'sent')).toBe(sentBefore + 1);
    expect(received).toEqual([
      {
        path: '/ocpcapi/api/uploadConvertData',
        body: {
          token: 'baidu-token',
          conversionTypes: [{ logidUrl: 'https://www.example.test/?bd_vid=bd-click-1', newType: 25 }],
        },
      },
      { path: '/360?qhclickid=qh-click-1&event=register', body: null },
    ]);
    expect(info.mock.calls.map((c) => String(c[0]))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\[conversions\] bd_vid conversion #\d+ \(user \d+\) reported to Baidu OCPC \(attempt 1\)$/,
        ),
      ]),
    );
    info.mockRestore();
    expect((await rows()).every((r) => r.sent_at !== null)).toBe(true);
    // Nothing is sent twice.
    h.advance(3600);
    expect(await runConversionOutbox(getDb(), settings, h.now)).toBe(0);
    expect(received).toHaveLength(2);
  });

  it('a registration without a click id writes no row', async () => {
    const h = harness(getDb());
    await h.register('13500000002', { registeInfo: { utm_term: 'only' } });
    expect(await rows()).toEqual([]);
  });

  it('keeps a conversion through an outage and Baidu’s own trouble, retrying with back-off', async () => {
    received.length = 0;
    const h = harness(getDb());
    await h.register('13500000003', { registeInfo: { bd_vid: 'bd-click-3' } });
    answer = { status: 503, body: {} };
    const warn = vi.spyOn(log, 'warn');
    await runConversionOutbox(getDb(), settings, h.now);
    expect(warn.mock.calls.at(-1)?.[0]).toMatch(/Baidu OCPC failed \(HTTP 503\); retry in 30 s \(attempt 1 of 10\)/);
    warn.mockRestore();
    // Not due yet: nothing is sent before the back-off has passed.
    answer = { status: 200, body: { header: { status: 0 } } };
    h.advance(29);
    expect(await runConversionOutbox(getDb(), settings, h.now)).toBe(0);
    // Baidu's own trouble (status 4) is retried too.
    h.advance(1);
    answer = { status: 200, body: { header: { status: 4, desc: 'server error' } } };
    await runConversionOutbox(getDb(), settings, h.now);
    expect((await rows())[0]).toMatchObject({
      attempts: 2,
      sent_at: null,
      last_error: 'Baidu OCPC status 4 server error',
    });
    h.advance(backoffSeconds(2));
    answer = { status: 200, body: { header: { status: 0 } } };
    expect(await runConversionOutbox(getDb(), settings, h.now)).toBe(1);
    expect((await rows())[0]).toMatchObject({ attempts: 3, closed_at: null });
    expect((await rows())[0].sent_at).not.toBeNull();
    expect(received).toHaveLength(3);
  });

  it('closes a conversion the platform refuses for good, and gives up after the last attempt', async () => {
    const h = harness(getDb());
    await h.register('13500000004', { registeInfo: { bd_vid: 'bd-click-4' } });
    answer = { status: 200, body: { header: { status: 2, desc: 'data error' } } };
    await runConversionOutbox(getDb(), settings, h.now);
    expect((await rows())[0]).toMatchObject({
      attempts: 1,
      sent_at: null,
      last_error: 'Baidu OCPC status 2 data error',
    });
    expect((await rows())[0].closed_at).not.toBeNull();

    await h.register('13500000005', { registeInfo: { qhclickid: 'qh-click-5' } });
    answer = { status: 500, body: {} };
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await runConversionOutbox(getDb(), settings, h.now);
      h.advance(6 * 3600);
    }
    const last = (await rows())[1];
    expect(last).toMatchObject({ attempts: MAX_ATTEMPTS, sent_at: null, last_error: 'HTTP 500' });
    expect(last.closed_at).not.toBeNull();
  });

  it('two runners never send the same row, and a claim left by a dead process is taken over after its lease', async () => {
    received.length = 0;
    answer = { status: 200, body: { header: { status: 0 } } };
    const h = harness(getDb());
    for (const n of [6, 7, 8]) await h.register(`1350000000${n}`, { registeInfo: { bd_vid: `bd-click-${n}` } });
    // A process claimed the first row and died before sending.
    await getDb().query(
      `update ad_conversions set locked_until = $1, attempts = 1 where id = (select min(id) from ad_conversions)`,
      [new Date(h.now().getTime() + 120_000)],
    );
    const [a, b] = await Promise.all([
      runConversionOutbox(getDb(), settings, h.now),
      runConversionOutbox(getDb(), settings, h.now),
    ]);
    expect(a + b).toBe(2);
    expect(received).toHaveLength(2);
    h.advance(121);
    expect(await runConversionOutbox(getDb(), settings, h.now)).toBe(1);
    const sent = received.map(
      (r) => (r.body as { conversionTypes: { logidUrl: string }[] }).conversionTypes[0].logidUrl,
    );
    expect(sent.sort()).toEqual([6, 7, 8].map((n) => `https://www.example.test/?bd_vid=bd-click-${n}`));
  });

  it('closes a click id no platform is configured for, sending nothing', async () => {
    received.length = 0;
    const h = harness(getDb());
    await h.register('13500000009', { registeInfo: { qhclickid: 'qh-click-9' } });
    await runConversionOutbox(getDb(), readSettings({}), h.now);
    expect(received).toEqual([]);
    expect((await rows())[0]).toMatchObject({ sent_at: null, last_error: 'not configured' });
  });
});

describe('conversion settings', () => {
  it('needs PUBLIC_URL for Baidu and refuses a click id reported by both browser and server', () => {
    expect(() => readSettings({ BAIDU_OCPC_TOKEN: 't' })).toThrow(/^PUBLIC_URL must be set when BAIDU_OCPC_TOKEN is/);
    expect(() =>
      readSettings({
        PUBLIC_URL: 'https://www.example.test',
        BAIDU_OCPC_TOKEN: 't',
        AD_CONVERSION_URLS: 'bd_vid=https://ads.example/{clickId}',
      }),
    ).toThrow(/^AD_CONVERSION_URLS reports bd_vid from the browser and the server reports it too \(BAIDU_OCPC_TOKEN\)/);
    expect(() => readSettings({ AD_CONVERSION_SERVER_URLS_2: 'qhclickid=https://ads.example/x' })).toThrow(
      /^AD_CONVERSION_SERVER_URLS_2: the qhclickid URL must contain \{clickId\}/,
    );
  });
});
