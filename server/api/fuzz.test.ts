// @vitest-environment node
/**
 * Hostile input, proven harmless: a property-based fuzz suite (fast-check) over every operation
 * the API declares (the same list /api/openapi.json is built from), plus the webhook and the phone pages' posts.
 * Each generated request is hostile — wrong types, missing and extra fields, huge and boundary strings, unicode
 * and control characters (NUL in every string field), deep nesting, wrong content types, malformed JSON, bad
 * query values, forged and malformed X-Auth-Token, oversized bodies, traversal in ids; for the webhook XXE, entity
 * expansion, oversized XML, bad signatures, stale timestamps and replayed nonces. Every answer must be below 500,
 * within 5 s; on /api a JSON envelope {code, message} whose message is in the request's language; nothing logged
 * as an error; and a refused request writes no business row.
 *
 * `npm test` runs FUZZ_RUNS=200 cases per operation (PGlite in memory); `npm run fuzz` runs 5,000 and prints the
 * table of statuses per operation.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { webhookSignature } from '../providers/messaging/signature';
import { createSimulatorProvider } from '../providers/messaging/simulator';
import { harness } from '../testing/accounts-harness';
import { captureLog } from '../testing/capture-log';
import { listOperations, type Operation } from './openapi';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const TIMEOUT_MS = 5000;
/** Tables whose rows are the product's data; counters, throttles, captcha puzzles and event records may change. */
const BUSINESS_TABLES = ['users', 'sessions', 'sms_codes', 'wx_identities', 'wx_login_tickets', 'college_likes'];
const CJK = /[\u3400-\u9fff]/;

let db: Database;
let h: ReturnType<typeof harness>;
let token = '';
/** Lines logged at error level: a fuzz case must never cause one. */
let capture: ReturnType<typeof captureLog>;
const table = new Map<string, Map<number, number>>();

beforeAll(async () => {
  db = await openPGlite();
  await migrate(db);
  const messaging = createSimulatorProvider({ db, lanAddress: () => undefined });
  h = harness(db, { messaging });
  token = await messaging.webhookToken(14);
  capture = captureLog('error');
}, 60_000);

// Each operation starts with a clean error log, so one failure is reported where it happened.
beforeEach(() => {
  if (capture) capture.lines.length = 0;
});

afterAll(async () => {
  capture?.restore();
  await db?.close();
  const rows = [...table.entries()].map(([operation, statuses]) => {
    const cases = [...statuses.values()].reduce((a, b) => a + b, 0);
    const seen = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    const fivexx = [...statuses.entries()].filter(([status]) => status >= 500).reduce((a, [, n]) => a + n, 0);
    return `| ${operation.padEnd(44)} | ${String(cases).padStart(5)} | ${seen.padEnd(40)} | ${fivexx} |`;
  });
  console.log(
    [
      `\nFuzz: ${RUNS} cases per operation`,
      `| ${'operation'.padEnd(44)} | cases | ${'statuses seen'.padEnd(40)} | 5xx |`,
      ...rows,
    ].join('\n'),
  );
});

function record(operation: string, status: number) {
  const statuses = table.get(operation) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  table.set(operation, statuses);
}

async function businessCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of BUSINESS_TABLES) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${name}`);
    counts[name] = row.n;
  }
  return counts;
}

// ---- generators -------------------------------------------------------------------------------------------

const controlString = fc
  .array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 4 })
  .chain((codes) =>
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
      .map(([a, b]) => `${a}${String.fromCharCode(...codes)}${b}`),
  );
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  controlString,
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '../../etc/passwd',
    '%2e%2e%2f',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '\u202eevil',
    '\ud800',
  ),
  fc.integer({ min: 0, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('', ' ', '13800138000', '99999999999999999999', 'NaN', '-1', '1e309'),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Body field names of an operation (from its schema's JSON Schema), to aim hostile values at real fields. */
function fieldNames(operation: Operation, kind: 'body' | 'query'): string[] {
  const schema = operation[kind];
  if (!schema) return [];
  try {
    const json = (schema as unknown as { toJSONSchema?: () => unknown }).toJSONSchema?.() as
      | { properties?: Record<string, unknown>; anyOf?: { properties?: Record<string, unknown> }[] }
      | undefined;
    const names = new Set(Object.keys(json?.properties ?? {}));
    for (const branch of json?.anyOf ?? []) for (const name of Object.keys(branch.properties ?? {})) names.add(name);
    return [...names];
  } catch {
    return [];
  }
}

function objectFor(names: string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = names.length ? fc.constantFrom(...names) : fc.string({ maxLength: 8 });
  return fc.dictionary(fc.oneof(keys, fc.string({ maxLength: 8 })), hostileValue, { maxKeys: names.length + 2 });
}

const rawBody = (names: string[]) =>
  fc.oneof(
    objectFor(names).map((object) => JSON.stringify(object)),
    hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.constantFrom('', '{', '{"a":', 'null', '[]', '{"__proto__":{"x":1}}', 'undefined', '\u0000', '{"a":"\\u0000"}'),
    fc.integer({ min: 100, max: 8000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc.integer({ min: 16 * 1024, max: 40 * 1024 }).map((size) => JSON.stringify({ phone: 'x'.repeat(size) })),
  );

/** Mostly JSON, so most cases reach validation; sometimes a type the call does not take. */
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ),
  },
);
const authToken = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('Bearer x', '\u0000', 'a'.repeat(43), 'a'.repeat(10_000), '../../', 'null'),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
);
const language = fc.constantFrom<'zh' | 'en'>('zh', 'en');
const ip = fc.ipV4();
const pathId = fc.oneof(
  fc.integer({ min: -5, max: 1_000_000 }).map(String),
  fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%00', '1%00', '1.5', '1e3', '0x10', '%F0%9F%98%80', 'abc'),
  hostileString.map((value) => {
    try {
      return encodeURIComponent(value);
    } catch {
      // A lone surrogate cannot be encoded as UTF-8: send its raw CESU bytes instead.
      return '%ED%A0%80';
    }
  }),
);

// ---- the property -----------------------------------------------------------------------------------------

interface Case {
  path: string;
  method: string;
  lang: 'zh' | 'en';
  headers: Record<string, string>;
  body?: string;
}

async function send(request: Case) {
  const env = {
    incoming: { socket: { remoteAddress: request.headers['x-test-ip'] ?? '203.0.113.1', localPort: 3030 } },
  };
  const response = await Promise.race([
    h.app.request(
      `http://localhost:3030${request.path}`,
      { method: request.method, headers: request.headers, body: request.body },
      env,
    ),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS),
    ),
  ]);
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
}

async function check(operation: string, request: Case, envelope: boolean) {
  const before = await businessCounts();
  const answer = await send(request);
  record(operation, answer.status);
  expect(answer.status, `${request.method} ${request.path}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
  if (envelope) {
    expect(answer.type).toMatch(/^application\/json/);
    const body = JSON.parse(answer.text) as { code: unknown; message: unknown };
    expect(typeof body.code).toBe('number');
    expect(typeof body.message).toBe('string');
    if (answer.status >= 400) {
      if (request.lang === 'en') expect(body.message, String(body.message)).not.toMatch(CJK);
      else expect(body.message, String(body.message)).toMatch(CJK);
    }
  }
  if (answer.status >= 400) expect(await businessCounts()).toEqual(before);
  expect(capture.lines, JSON.stringify(capture.lines)).toEqual([]);
}

describe('fuzzing every API operation', () => {
  it('declares the operations to fuzz', () => {
    expect(apiOperationsAtImport().length).toBeGreaterThanOrEqual(19);
  });

  for (const operation of [...apiOperationsAtImport()]) {
    const name = `${operation.method.toUpperCase()} /api${operation.path}`;
    it(name, { timeout: 600_000 }, async () => {
      const bodyNames = fieldNames(operation, 'body');
      const queryNames = fieldNames(operation, 'query');
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            id: pathId,
            query: objectFor(queryNames),
            body: rawBody(bodyNames),
            type: contentType,
            token: authToken,
            lang: language,
            ip,
            // Mostly the operation's own method; now and then one it does not serve.
            method: fc.oneof(
              { weight: 9, arbitrary: fc.constant(operation.method.toUpperCase()) },
              { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH') },
            ),
          }),
          async (input) => {
            const search = new URLSearchParams();
            for (const [key, value] of Object.entries(input.query))
              search.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
            const path = `/api${operation.path.replace(/\{\w+\}/g, input.id)}${search.size ? `?${search}` : ''}`;
            const headers: Record<string, string> = {
              host: 'localhost:3030',
              'accept-language': input.lang === 'en' ? 'en-US,en;q=0.9' : 'zh-CN,zh;q=0.9',
              'x-test-ip': input.ip,
            };
            // NUL, CR and LF cannot travel in a header (the HTTP parser refuses them before the app): left out.
            if (input.token !== undefined) headers['x-auth-token'] = input.token.replace(/[\0\r\n]/g, '');
            const withBody = input.method !== 'GET';
            if (withBody && input.type) headers['content-type'] = input.type;
            await check(
              name,
              { path, method: input.method, lang: input.lang, headers, body: withBody ? input.body : undefined },
              true,
            );
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});

describe('fuzzing the webhook and the phone pages', () => {
  const xml = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xml><A>&e;</A></xml>',
      `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]><xml><A>&j;</A></xml>`,
      '<xml><ToUserName>a</ToUserName><FromUserName>o\u0000x</FromUserName><CreateTime>1</CreateTime><MsgType>event</MsgType><Event>SCAN</Event><EventKey>../../x</EventKey></xml>',
      '<xml><A><![CDATA[</xml>]]></A>',
      `<xml><A>${'x'.repeat(20_000)}</A></xml>`,
      '<xml>'.repeat(5000),
    ),
  );
  it('POST /api/wx/callback', { timeout: 600_000 }, async () => {
    let replayNonce = 0;
    await fc.assert(
      fc.asyncProperty(
        xml,
        fc.constantFrom('valid', 'bad', 'stale', 'replay', 'missing'),
        fc.constantFrom('text/xml', 'application/json', ''),
        language,
        async (body, signing, type, lang) => {
          const now = Math.floor(h.now().getTime() / 1000);
          const timestamp = String(signing === 'stale' ? now - 3600 : now);
          replayNonce += 1;
          const nonce = signing === 'replay' ? 'replayed-nonce' : `n${replayNonce}`;
          const signature = signing === 'bad' ? 'f'.repeat(40) : webhookSignature(token, timestamp, nonce);
          const query = signing === 'missing' ? '' : `?${new URLSearchParams({ signature, timestamp, nonce })}`;
          const headers: Record<string, string> = { host: 'localhost:3030', 'accept-language': lang };
          if (type) headers['content-type'] = type;
          await check(
            'POST /api/wx/callback',
            { path: `/api/wx/callback${query}`, method: 'POST', lang, headers, body },
            false,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  for (const path of ['/wx-sim/scan', '/wx-sim/ban', '/wx/confirm']) {
    it(`POST ${path}`, { timeout: 600_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            objectFor(['scene', 'openId', 'nickname', 'identity', 'lang', 'banned', 't', 'action']).map((form) =>
              new URLSearchParams(
                Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
              ).toString(),
            ),
            rawBody(['scene', 'openId', 'nickname']),
          ),
          contentType,
          language,
          async (body, type, lang) => {
            const headers: Record<string, string> = {
              host: 'localhost:3030',
              'accept-language': lang,
              cookie: 'wx_sim_owner=fuzz-browser-owner-secret-0000000000000000000',
            };
            if (type) headers['content-type'] = type;
            await check(`POST ${path}`, { path, method: 'POST', lang, headers, body }, false);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});

/** The operations are registered when the API modules load (the accounts harness imports the app, which imports them). */
function apiOperationsAtImport(): Operation[] {
  return listOperations().filter((operation) => !operation.devOnly);
}
