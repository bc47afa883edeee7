// @vitest-environment node
/**
 * Hostile input to every console call (the list /console/api/openapi.json is built from), signed in as the owner
 * with a valid cookie, Origin and CSRF token, so each request reaches its handler: random JSON bodies (wrong
 * types, extra fields, control characters, deep nesting), malformed JSON, random query strings and path ids.
 * Every answer is below 500, a JSON envelope `{code, message}` with a message, and nothing is logged as an error.
 * `CONSOLE_FUZZ_RUNS` cases per call (default 40).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_PREFIX, consoleOperations } from '../../shared/contract/console';
import type { Operation } from '../../shared/contract/operation';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { captureLog } from '../testing/capture-log';
import { type ConsoleHarness, consoleHarness } from '../testing/console-harness';

const RUNS = Number(process.env.CONSOLE_FUZZ_RUNS ?? 40);

let db: Database;
let h: ConsoleHarness;
let capture: ReturnType<typeof captureLog>;

beforeAll(async () => {
  db = await openPGlite();
  await migrate(db);
  h = await consoleHarness(db, { role: 'owner' });
  capture = captureLog('error');
}, 60_000);

afterAll(async () => {
  capture?.restore();
  await db?.close();
});

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '../../etc/passwd', "' or 1=1 --", '%00', '99999999999999999999', '-1', '1e9'),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('any'), { maxLength: 3 }),
    fc.dictionary(hostileString, tie('any'), { maxKeys: 4 }),
  ),
})).any;
const body = fc.oneof(
  value.map((v) => JSON.stringify(v)),
  fc
    .dictionary(fc.constantFrom('name', 'password', 'totp', 'reason', 'url', 'events', 'all', 'sessionId', 'x'), value)
    .map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '', 'null', '[]', '{"a":', '\u0000'),
);
/** Query strings with the call's own parameters (so most reach the handler), and sometimes one it does not know. */
function queryOf(op: Operation) {
  const shape = (op.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const keys = Object.keys(shape);
  const plausible = fc.oneof(
    hostileString,
    fc.constantFrom('1', '50', '7', '2026-11-01', '2026-11-21', 'day', 'week', 'csv', 'source', 'owner-op', '5678'),
  );
  // The optional parameters each take part half of the time (an empty dictionary would rarely reach a handler).
  return fc
    .tuple(
      keys.length
        ? fc.record(Object.fromEntries(keys.map((key) => [key, plausible])), { requiredKeys: [] })
        : fc.constant({}),
      fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: hostileString, weight: 1 }),
    )
    .map(([entries, extra]) => new URLSearchParams(extra === null ? entries : { ...entries, zz: extra }).toString());
}
const pathId = fc.oneof(
  fc.nat().map(String),
  hostileString.map((s) => encodeURIComponent(s) || 'x'),
);

describe('console fuzz', () => {
  for (const [name, op] of Object.entries(consoleOperations)) {
    if (name === 'logout') continue; // would end the fuzzing session (its refusals are in app.test.ts)
    it(`${op.method.toUpperCase()} ${CONSOLE_API_PREFIX}${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(body, queryOf(op), pathId, pathId, async (raw, search, id, other) => {
          capture.lines.length = 0;
          h.advance(1000);
          const path = op.path.replace('{id}', id).replace('{deliveryId}', other);
          const method = op.method.toUpperCase();
          const answer = await h.call(method, `${path}${search ? `?${search}` : ''}`, undefined, {
            raw: method === 'POST' ? raw : undefined,
          });
          expect(answer.status, answer.text).toBeLessThan(500);
          if (!(name === 'signups' && answer.headers.get('content-type')?.startsWith('text/csv'))) {
            expect(typeof answer.body.code, answer.text).toBe('number');
            expect(answer.body.message, answer.text).toMatch(/\S/);
          }
          expect(capture.lines).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    }, 60_000);
  }
});
