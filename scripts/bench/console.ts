/**
 * The console's figures (docs/decisions/046-operators-console.md): `npm run bench:console`.
 *
 * Starts a private PostgreSQL (scripts/cluster/postgres.ts: Debian's binaries, a temporary folder, a loopback port),
 * migrates it, seeds 1,000,000 accounts with set-based SQL (generate_series): both brands, five channels, 200 invite
 * codes on a fifth of them, ~18% with a Baidu click id (bd_vid) and ~12% with a 360 one (qhclickid), keywords from a
 * list, the three sign-up methods, dates spread over a year, a session for every fifth account, a year of daily
 * register-SMS counts. Then measures through HTTP (the console's user and sign-ups calls on a loopback listener):
 * search by the last four digits, a 90-day sign-ups report by source, a user's page, RUNS each, and prints
 * p50 / p95 / p99 against the goals (and, once, the first report that fills the daily rollup).
 *
 * The calls go through the console's own app (server/console/app.ts: session cookie, CSRF and role checks), signed
 * in as a support operator through POST /console/api/login (server/testing/console-harness.ts), served by
 * @hono/node-server on loopback.
 *
 * Environment: BENCH_USERS (default 1000000), RUNS (200), BENCH_PG_PORT (5451), BENCH_HTTP_PORT (5452).
 */
import { serve } from '@hono/node-server';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { consoleHarness } from '../../server/testing/console-harness';
import { startPrivatePostgres } from '../cluster/postgres';
import { consoleFirstLoadLine } from './console-first-load';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 200);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5451);
const HTTP_PORT = Number(process.env.BENCH_HTTP_PORT ?? 5452);
/** The seeded year ends here; "now" of the console is the end of it. */
const END = new Date('2026-11-28T00:00:00+08:00');
const DAY_MS = 86_400_000;

const KEYWORDS = [
  '跨境电商',
  '亚马逊开店',
  'shopee入驻',
  'tiktok小店',
  '独立站',
  '跨境erp',
  '多店铺管理',
  '防关联浏览器',
  '亚马逊运营',
  'lazada开店',
  '跨境物流',
  '选品工具',
];

const pg = startPrivatePostgres(PG_PORT);
let stopServer: (() => void) | undefined;
try {
  const url = await pg.createDatabase('console_bench');
  const db = await openPostgres(url, 10);
  await migrate(db);

  const started = performance.now();
  const chunk = 100_000;
  for (let first = 1; first <= USERS; first += chunk) {
    const last = Math.min(USERS, first + chunk - 1);
    await db.query(
      `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, invite_code,
                          registe_info, created_ip, created_at, password_changed_at, signup_method, first_workbench_at)
       select case when r1 < 0.7 then 14 else 51 end,
              1,
              -- '1' and ten digits: g times an odd number not divisible by 5, modulo 10^10, is one-to-one.
              '1' || lpad(((g::bigint * 2654435761) % 10000000000)::text, 10, '0'),
              (array['王','李','张','刘','陈','杨','黄','赵','seller','shop'])[1 + g % 10] || (g % 9973)::text,
              'x',
              (array[2, 3, 5, 8, 13])[1 + (g / 7) % 5],
              'morestores',
              case when r2 < 0.2 then 'INV' || (1 + floor(r3 * 200))::int::text end,
              case when r2 < 0.18 then jsonb_build_object('bd_vid', md5(g::text), 'utm_term', kw, 'urlCode', 'bd')
                   when r2 < 0.30 then jsonb_build_object('qhclickid', md5(g::text), 'e_keywordid', (g % 5000)::text)
                   when r2 < 0.45 then jsonb_build_object('utm_term', kw)
                   when r2 < 0.55 then jsonb_build_object('searchEngineWord', kw)
                   else '{}'::jsonb end,
              '203.0.113.' || (g % 250)::text,
              at, at,
              case when r3 < 0.7 then 'password' when r3 < 0.9 then 'wechat' else 'sms' end,
              case when r1 > 0.4 then at + interval '1 hour' end
         from (select g, random() as r1, random() as r2, random() as r3,
                      $3::timestamptz + (g::float8 / $4) * interval '365 days' as at,
                      ($5::text[])[1 + (g * 31) % $6] as kw
                 from generate_series($1::int, $2::int) as g) as s`,
      [first, last, new Date(END.getTime() - 365 * DAY_MS), USERS, KEYWORDS, KEYWORDS.length],
    );
  }
  await db.query(
    `insert into sessions (token_hash, user_id, tenant_id, created_at, expires_at, created_ip)
     select md5('s' || id::text), id, tenant_id, created_at, created_at + interval '7 days', created_ip
       from users where id % 5 = 0`,
  );
  await db.query(
    `insert into sms_register_daily (tenant_id, day, sent)
     select t, d::date, 2000 + (random() * 1000)::int
       from generate_series($1::date, $2::date, interval '1 day') as d, unnest(array[14, 51]) as t`,
    ['2025-11-28', '2026-11-27'],
  );
  // As autovacuum would: the visibility map lets the report read its index alone.
  await db.exec('vacuum analyze');
  const seeded = (performance.now() - started) / 1000;
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from users');
  console.log(`seeded ${n.toLocaleString('en')} accounts in ${seeded.toFixed(1)} s`);

  const console_ = await consoleHarness(db, { role: 'support', start: END });
  const cookie = console_.session.cookie ?? '';
  const server = serve({ fetch: console_.app.fetch, port: HTTP_PORT, hostname: '127.0.0.1' });
  stopServer = () => server.close();
  const base = `http://127.0.0.1:${HTTP_PORT}/console/api`;
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return body;
  };

  const random = (below: number) => Math.floor(Math.random() * below);
  const day = (offsetDays: number) =>
    new Date(END.getTime() - offsetDays * DAY_MS + 8 * 3600_000).toISOString().slice(0, 10);
  const cases: { name: string; goal: number; path: () => string }[] = [
    {
      name: 'search by last four digits',
      goal: 100,
      path: () => `/users?q=${String(random(10_000)).padStart(4, '0')}`,
    },
    {
      name: '90-day sign-ups report by source',
      goal: 300,
      path: () => {
        const end = random(30);
        return `/signups?from=${day(end + 89)}&to=${day(end)}&by=source`;
      },
    },
    { name: "a user's page", goal: 50, path: () => `/users/${1 + random(USERS)}` },
  ];

  // The first report over days never reported fills the rollup of those days (server/console/signups.ts): once.
  const fillStart = performance.now();
  await get(`/signups?from=${day(120)}&to=${day(0)}&by=source`);
  const fillMs = performance.now() - fillStart;

  const quantile = (sorted: number[], q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const rows: string[] = [];
  for (const item of cases) {
    for (let i = 0; i < 5; i++) await get(item.path()); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const path = item.path();
      const start = performance.now();
      await get(path);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(times, q));
    rows.push(
      `| ${item.name.padEnd(34)} | ${p50.toFixed(1).padStart(7)} | ${p95.toFixed(1).padStart(7)} | ${p99.toFixed(1).padStart(7)} | p95 ≤ ${String(item.goal).padStart(3)} ms | ${p95 <= item.goal ? 'met   ' : 'MISSED'} |`,
    );
  }
  console.log(`\n${USERS.toLocaleString('en')} accounts, ${RUNS} runs each, through HTTP on loopback (ms)\n`);
  console.log(`| ${'call'.padEnd(34)} |     p50 |     p95 |     p99 | goal         | result |`);
  console.log(`|${'-'.repeat(36)}|---------|---------|---------|--------------|--------|`);
  for (const row of rows) console.log(row);
  console.log(
    `\nthe first report over 121 days never reported (fills their daily rollup, once): ${fillMs.toFixed(0)} ms`,
  );
  console.log(`\n${consoleFirstLoadLine(process.env.PORTAL_DIST ?? 'dist')}`);
  await db.close();
} finally {
  stopServer?.();
  pg.remove();
}
