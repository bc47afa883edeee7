// @vitest-environment node
/**
 * The webhook outbox survives a restart of the portal mid-delivery: a real receiver on loopback, a real portal
 * process (`tsx server/main.ts`, production settings with the stand-ins, the embedded database in a folder of its
 * own), events stored, the portal killed with SIGKILL while the receiver holds the answer of a delivery, the portal
 * started again on the same folder: the receiver ends up with every event, each signature verifies, and the
 * interrupted one came again with the same webhook-id; then a ban through `npm run admin` reaches it too. The portal serves a stub build (its pages are not what this
 * tests), so the test needs no `npm run build`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { startReceiver } from '../testing/webhook-receiver';
import { enqueueWebhookEvent } from './events';

const ROOT = join(import.meta.dirname, '../..');
const SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A build folder with just what server/main.ts checks for: the renderer entry and the client manifest. */
function stubBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-webhooks-dist-'));
  cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, 'server'), { recursive: true });
  mkdirSync(join(dist, 'client/.vite'), { recursive: true });
  writeFileSync(
    join(dist, 'server/entry-server.js'),
    'export const routeModules = () => ({});\nexport async function renderPage() { return new Response("stub"); }\n',
  );
  writeFileSync(
    join(dist, 'client/.vite/manifest.json'),
    JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/entry.js', isEntry: true } }),
  );
  return dist;
}

function startPortal(dataDir: string, dist: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      VITEST: '',
      NODE_ENV: 'production',
      STANDINS: '1',
      PORT: '0',
      BRAND2_PORT: '0',
      METRICS_PORT: '',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORTAL_DIST: relative(ROOT, dist),
      WEBHOOK_ALLOW_PRIVATE: '1',
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (data: Buffer) => {
    output += data;
  });
  child.stderr?.on('data', (data: Buffer) => {
    output += data;
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output };
}

describe('the webhook outbox across a restart of the portal', () => {
  it('a delivery in flight when the portal is killed is sent again with the same webhook-id, and every event arrives', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-webhooks-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const dist = stubBuild();
    // The first request is held (the portal dies waiting for it); every later one is answered 200.
    const receiver = await startReceiver((_request, index) => (index === 0 ? 'hold' : 200));
    cleanups.push(receiver.close);

    // The endpoint and three events, stored in the data folder by the same code the flows use.
    const db = await openDatabase({ dataDir });
    const now = new Date();
    await db.query(
      `insert into webhook_endpoints (url, events, description, secret, created_at)
       values ($1, '{user.registered,user.banned}', 'CRM', $2, $3)`,
      [receiver.url, SECRET, now],
    );
    for (const phone of ['13800000001', '13800000002', '13800000003']) {
      await db.transaction(async (tx) => {
        const [user] = await tx.query<{ id: number }>(
          `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, registe_info,
                              created_ip, created_at, password_changed_at)
           values (14, 1, $1, 'n', 'x', 1, 'morestores', '{}', '203.0.113.1', $2, $2) returning id`,
          [phone, now],
        );
        await enqueueWebhookEvent(tx, 'user.registered', user, {}, now);
      });
    }
    const messages = (await db.query<{ id: string }>('select id from webhook_messages')).map((m) => m.id);
    expect(messages).toHaveLength(3);
    await db.close();

    const first = startPortal(dataDir, dist);
    await receiver.waitFor(1, 40_000).catch((error) => {
      throw new Error(`${error}\n${first.output()}`);
    });
    // The portal is waiting for the held answer: it dies before it can record anything.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = startPortal(dataDir, dist);
    await receiver.waitFor(4, 40_000).catch((error) => {
      throw new Error(`${error}\n${second.output()}`);
    });
    const webhook = new Webhook(SECRET);
    const ids = receiver.received.map((request) => {
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      expect(webhook.verify(request.body, headers)).toMatchObject({ type: 'user.registered' });
      return headers['webhook-id'];
    });
    // The interrupted delivery again (same id), then the others in order; nothing else.
    expect(ids[1]).toBe(ids[0]);
    expect(new Set(ids)).toEqual(new Set(messages));
    expect(ids).toHaveLength(4);
    const phones = receiver.received.map((r) => (JSON.parse(r.body) as { data: { phone: string } }).data.phone);
    expect(phones).toEqual(['13800000001', '13800000001', '13800000002', '13800000003']);

    // An event the running portal raises itself: a ban through `npm run admin` (its control socket).
    const admin = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'ban', '--phone', '13800000002', '--reason', 'spam'],
      { cwd: ROOT, env: { ...process.env, VITEST: '', DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' },
    );
    expect(await new Promise((resolve) => admin.once('exit', resolve))).toBe(0);
    await receiver.waitFor(5, 20_000);
    const ban = receiver.received[4];
    expect(
      webhook.verify(ban.body, {
        'webhook-id': String(ban.headers['webhook-id']),
        'webhook-timestamp': String(ban.headers['webhook-timestamp']),
        'webhook-signature': String(ban.headers['webhook-signature']),
      }),
    ).toMatchObject({ type: 'user.banned', data: { phone: '13800000002', reason: 'spam' } });

    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
    // Stopped cleanly: the folder opens again, and it recorded every delivery as delivered.
    const after = await openDatabase({ dataDir });
    const states = await after.query<{ state: string; attempts: number }>(
      'select state, attempts from webhook_deliveries order by id',
    );
    await after.close();
    expect(states).toEqual([
      { state: 'delivered', attempts: 2 },
      { state: 'delivered', attempts: 1 },
      { state: 'delivered', attempts: 1 },
      { state: 'delivered', attempts: 1 },
    ]);
  }, 60_000);
});
