/**
 * The cost of one login: `npx tsx scripts/bench/login-cost.ts`.
 *
 * Measures argon2id hashing and verifying with the production parameters (server/accounts/passwords.ts: 19 MiB,
 * t=2, p=1), median of 20 each, then full password logins through the app (`POST /api/v2/web/userlogin`:
 * validation, limit bookkeeping in the database, verify, session) on an in-memory PGlite, median of 20, and a
 * wrong password for a registered phone and for an unregistered one (verified against the dummy hash): these two
 * should cost the same. Prints a table.
 */
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS, dummyPasswordHash, hashPassword } from '../../server/accounts/passwords';
import { createApp } from '../../server/app';
import { readSettings } from '../../server/config/settings';
import { migrate } from '../../server/db/migrate';
import { openPGlite } from '../../server/db/pglite';

const RUNS = 20;
const PASSWORD = 'correct horse battery';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function time(run: () => Promise<unknown>, runs = RUNS): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

const hashTimes = await time(() => hash(PASSWORD, ARGON2_OPTIONS));
const stored = await hashPassword(PASSWORD);
const verifyTimes = await time(() => verify(stored, PASSWORD));

const db = await openPGlite();
await migrate(db);
const now = new Date();
// 13800138000 logs in; 13700000000.. get one wrong password each (so the back-off never starts).
for (const phone of ['13800138000', ...Array.from({ length: RUNS }, (_, i) => `137${String(i).padStart(8, '0')}`)]) {
  await db.query(
    `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, created_ip,
                        created_at, password_changed_at)
     values (14, 1, $3, 'bench', $1, 2, 'morestores', '127.0.0.1', $2, $2)`,
    [stored, now, phone],
  );
}
await dummyPasswordHash();
const app = createApp({
  settings: readSettings({ NODE_ENV: 'production' }),
  api: { db, now: () => new Date() },
  getRenderer: async () => ({ renderPage: async () => new Response('') }),
  getManifest: async () => undefined,
});
const login = (phone: string, password = PASSWORD) =>
  app.request(
    'http://localhost:3030/api/v2/web/userlogin',
    {
      method: 'POST',
      headers: { host: 'localhost:3030', 'content-type': 'application/json' },
      body: JSON.stringify({ phone, countryCode: 1, password }),
    },
    { incoming: { socket: { remoteAddress: '127.0.0.1', localPort: 3030 } } },
  );
const first = await login('13800138000');
if (first.status !== 200) throw new Error(`login failed: ${first.status} ${await first.text()}`);
const loginTimes = await time(async () => {
  const res = await login('13800138000');
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
});
// Failed logins for unregistered phones (a new phone each time, so the back-off never starts).
let n = 0;
const unknownTimes = await time(async () => {
  const res = await login(`139${String(10_000_000 + n++).slice(-8)}`);
  if (res.status !== 400) throw new Error(`expected 40003, got ${res.status}`);
});
let w = 0;
const wrongTimes = await time(async () => {
  const res = await login(`137${String(w++).padStart(8, '0')}`, 'a wrong password');
  if (res.status !== 400) throw new Error(`expected 40003, got ${res.status}`);
});
await db.close();

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rows = [
  ['argon2id hash (m=19456 KiB, t=2, p=1)', hashTimes],
  ['argon2id verify', verifyTimes],
  ['POST /api/v2/web/userlogin, right password (PGlite)', loginTimes],
  ['POST /api/v2/web/userlogin, wrong password (PGlite)', wrongTimes],
  ['POST /api/v2/web/userlogin, unregistered phone (PGlite)', unknownTimes],
] as const;
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`Node ${process.version}, ${RUNS} runs each\n`);
console.log(`${'measurement'.padEnd(width)} | median   | min      | max`);
console.log(`${'-'.repeat(width)}-|----------|----------|---------`);
for (const [label, values] of rows) {
  console.log(
    `${label.padEnd(width)} | ${ms(median(values)).padEnd(8)} | ${ms(Math.min(...values)).padEnd(8)} | ${ms(Math.max(...values))}`,
  );
}
