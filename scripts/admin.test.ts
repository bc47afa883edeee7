// @vitest-environment node
/**
 * The operator command (`npm run admin`): its main function against a test database (PGlite and PostgreSQL),
 * what it prints, what it stores, its exit codes; and how it opens the server's embedded database (refusing one
 * the server holds).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSession } from '../server/accounts/sessions';
import { insertUser } from '../server/accounts/users';
import { adminSocketPath, askServer, startAdminControl } from '../server/admin/control';
import type { Database } from '../server/db/database';
import { openDatabase } from '../server/db/open';
import { describeDatabases } from '../server/testing/databases';
import { main, runAdminCommand } from './admin';

const NOW = new Date('2026-11-21T12:00:00Z');

async function run(args: string[], db?: Database, env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    db,
    env,
    now: () => NOW,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function seedUser(db: Database, tenantId: number, phone = '13800138000', nickname = '小店主') {
  const user = await insertUser(
    db,
    {
      tenantId,
      countryCode: 1,
      phone,
      nickname,
      passwordHash: 'x',
      channelId: 2,
      clientId: 'morestores',
      inviteCode: null,
      registeInfo: {},
      ip: '127.0.0.1',
    },
    NOW,
  );
  if (!user) throw new Error('seed failed');
  return user;
}

describeDatabases('npm run admin', (getDb) => {
  it('bans an account with a reason, revokes its sessions, shows it, and lifts the ban', async () => {
    const db = getDb();
    const user = await seedUser(db, 14);
    const other = await seedUser(db, 51, '13800138000', 'other brand');
    await createSession(db, { userId: user.id, tenantId: 14, ip: '1' }, NOW);
    await createSession(db, { userId: user.id, tenantId: 14, ip: '1' }, NOW);
    await createSession(db, { userId: other.id, tenantId: 51, ip: '1' }, NOW);

    const banned = await run(['ban', '--phone', '13800138000', '--reason', 'spam orders'], db);
    expect(banned.code).toBe(0);
    expect(banned.out).toBe(
      [
        `Banned account ${user.id} ("小店主", +86 13800138000) on StarReach (brand 1, tenant 14).`,
        'Reason: spam orders',
        'Revoked 2 live sessions: the account is logged out everywhere.',
      ].join('\n'),
    );
    const [row] = await db.query<{ banned_at: Date; ban_reason: string }>('select * from users where id = $1', [
      user.id,
    ]);
    expect(row.banned_at).toEqual(NOW);
    expect(row.ban_reason).toBe('spam orders');
    const live = await db.query<{ user_id: number }>('select user_id from sessions where revoked_at is null');
    expect(live.map((s) => s.user_id)).toEqual([other.id]);
    // The other brand's account with the same phone is untouched.
    expect((await db.query('select 1 from users where id = $1 and banned_at is null', [other.id])).length).toBe(1);

    const again = await run(['ban', '--phone', '13800138000'], db);
    expect(again.code).toBe(0);
    expect(again.out).toContain('was already banned (since 2026-11-21 12:00:00 UTC); the reason is updated.');
    expect(again.out).toContain('It had no live session.');

    await db.query(
      "insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at) values (14, 'o-1', 'wx', $1, $2, $2)",
      [user.id, NOW],
    );
    const shown = await run(['show', '--phone', '138-0013-8000'], db);
    expect(shown.code).toBe(0);
    expect(shown.out).toBe(
      [
        `Account ${user.id} ("小店主", +86 13800138000) on StarReach (brand 1, tenant 14)`,
        '  registered: 2026-11-21 12:00:00 UTC',
        '  banned:     yes, since 2026-11-21 12:00:00 UTC',
        '  WeChat:     "o-1", bound 2026-11-21 12:00:00 UTC',
        '  sessions:   0 live',
      ].join('\n'),
    );

    const unbanned = await run(['unban', '--phone', '13800138000'], db);
    expect(unbanned.out).toBe(
      `Lifted the ban on account ${user.id} ("小店主", +86 13800138000) on StarReach (brand 1, tenant 14): it can log in again.`,
    );
    expect((await db.query('select 1 from users where banned_at is not null')).length).toBe(0);
    expect((await run(['unban', '--phone', '13800138000'], db)).out).toContain('is not banned; nothing changed.');

    const brand2 = await run(['ban', '--phone', '13800138000', '--brand', '2'], db);
    expect(brand2.out).toContain(`Banned account ${other.id} ("other brand", +86 13800138000) on CreatorBox`);
    expect(brand2.out).toContain('Revoked 1 live session:');
  });

  it('bans and unbans a WeChat identity, and shows it', async () => {
    const db = getDb();
    await db.query(
      "insert into wx_identities (tenant_id, open_id, nickname, created_at) values (51, 'o-2', null, $1)",
      [NOW],
    );
    const unknown = await run(['ban-wechat', '--openid', 'o-2'], db);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe(
      'No WeChat identity "o-2" on StarReach (brand 1, tenant 14) (it has never scanned a code).',
    );

    const banned = await run(['ban-wechat', '--openid', 'o-2', '--brand', '2'], db);
    expect(banned.code).toBe(0);
    expect(banned.out).toBe(
      'Banned the WeChat identity "o-2" on CreatorBox (brand 2, tenant 51): scanning with it now answers "account banned".',
    );
    const [row] = await db.query<{ banned_at: Date }>("select banned_at from wx_identities where open_id = 'o-2'");
    expect(row.banned_at).toEqual(NOW);
    expect((await run(['ban-wechat', '--openid', 'o-2', '--brand', '2'], db)).out).toContain('was already banned');
    const shown = await run(['show', '--openid', 'o-2', '--brand', 'creatorbox'], db);
    expect(shown.out).toContain('  banned:     yes, since 2026-11-21 12:00:00 UTC');
    expect(shown.out).toContain('  bound to:   (no account)');

    expect((await run(['unban-wechat', '--openid', 'o-2', '--brand', '2'], db)).out).toBe(
      'Lifted the ban on the WeChat identity "o-2" on CreatorBox (brand 2, tenant 51).',
    );
    expect((await db.query("select 1 from wx_identities where banned_at is null and open_id = 'o-2'")).length).toBe(1);
  });

  it("unbind-wechat removes an account's WeChat binding, by phone or by open id, and says when there is none", async () => {
    const db = getDb();
    const user = await seedUser(db, 14);
    const bind = (openId: string) =>
      db.query(
        'insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at) values (14, $1, null, $2, $3, $3)',
        [openId, user.id, NOW],
      );
    await bind('o-hijacker');
    const byPhone = await run(['unbind-wechat', '--phone', '13800138000'], db);
    expect(byPhone.code).toBe(0);
    expect(byPhone.out).toMatch(/^Removed the WeChat "o-hijacker" from .*: it no longer logs in to the account\.$/);
    expect(await db.query("select user_id, bound_at from wx_identities where open_id = 'o-hijacker'")).toEqual([
      { user_id: null, bound_at: null },
    ]);
    expect((await run(['unbind-wechat', '--phone', '13800138000'], db)).out).toMatch(
      /has no WeChat bound; nothing changed\.$/,
    );

    await db.query("delete from wx_identities where open_id = 'o-hijacker'");
    await bind('o-2');
    const byOpenId = await run(['unbind-wechat', '--openid', 'o-2'], db);
    expect(byOpenId.out).toBe(
      `Removed the binding of the WeChat identity "o-2" on StarReach (brand 1, tenant 14) to account ${user.id}: it no longer logs in to it.`,
    );
    expect((await run(['unbind-wechat', '--openid', 'o-2'], db)).out).toContain('is not bound; nothing changed');
    const unknown = await run(['unbind-wechat', '--openid', 'o-3'], db);
    expect(unknown).toMatchObject({ code: 1, err: 'No WeChat identity "o-3" on StarReach (brand 1, tenant 14).' });
    expect((await run(['unbind-wechat', '--phone', '13800138000', '--reason', 'x'], db)).code).toBe(1);
  });

  it('exits 1 with a clear message on bad input or an unknown account, and prints help', async () => {
    const db = getDb();
    await seedUser(db, 51, '13900139000');
    const cases: [string[], string][] = [
      [['ban'], '--phone is required. See: npm run admin -- help'],
      [['ban', '--phone', '12345'], '"12345" is not a phone number of China (country 1).'],
      [['ban', '--phone', '13800138000', '--country', '11'], '--country must be a country value of the login form'],
      [['ban', '--phone', '13800138000', '--brand', '3'], '--brand must be 1 (StarReach) or 2 (CreatorBox), got "3".'],
      [['ban', '--phone', '13800138000'], 'No account with phone +86 13800138000 on StarReach (brand 1, tenant 14).'],
      [['unban', '--phone', '13900139000'], 'It has an account on CreatorBox (brand 2, tenant 51): add --brand 2.'],
      [['ban', '--phone', '13800138000', '--openid', 'x'], '"ban" takes no --openid.'],
      [['ban', '--phne', '1'], "Unknown option '--phne'"],
      [['frobnicate'], 'Unknown command "frobnicate". See: npm run admin -- help'],
      [['ban-wechat'], '--openid is required.'],
      [['show', 'extra', 'words'], 'Unexpected argument "extra".'],
    ];
    for (const [args, message] of cases) {
      const result = await run(args, db);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.err, args.join(' ')).toContain(message);
      expect(result.out).toBe('');
    }
    const help = await run(['help'], db);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run admin -- <command> [options]');
    const none = await run([], db);
    expect(none.code).toBe(1);
    expect(none.err).toContain('Usage:');
    expect((await db.query('select 1 from users where banned_at is not null')).length).toBe(0);
  });
});

describe('npm run admin: opening the embedded database', () => {
  it('refuses a folder without a database; with the server running, goes through its control socket, else refuses unless --force', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-test-'));
    try {
      const empty = await run(['show', '--phone', '13800138000'], undefined, { DATA_DIR: dir });
      expect(empty.code).toBe(1);
      expect(empty.err).toContain(`There is no database in ${dir} yet: start the server once (npm start)`);

      const db = await openDatabase({ dataDir: dir });
      const user = await seedUser(db, 14);
      // While a process holds the folder, PGlite keeps postmaster.pid in it.
      expect(existsSync(join(dir, 'postmaster.pid'))).toBe(true);
      const held = await run(['ban', '--phone', '13800138000'], undefined, { DATA_DIR: dir });
      expect(held.code).toBe(1);
      expect(held.err).toContain(
        `The embedded database in ${dir} is in use, but no server answers on its control socket.`,
      );
      expect(held.err).toContain('stop it (Ctrl+C in its terminal), run this command again');

      // The running server's way: the command goes through its control socket and runs on its open database.
      const stop = await startAdminControl(db, adminSocketPath(dir), () => NOW);
      const viaServer = await runAdminCommand(['ban', '--phone', '13800138000', '--reason', 'via socket'], {
        DATA_DIR: dir,
      });
      expect(viaServer).toBe(0);
      const [row] = await db.query<{ ban_reason: string }>('select ban_reason from users where id = $1', [user.id]);
      expect(row.ban_reason).toBe('via socket');
      expect(await askServer(adminSocketPath(dir), ['ban', '--phone', '1'])).toMatchObject({
        code: 1,
        err: [expect.stringContaining('is not a phone number of China')],
      });
      expect((await askServer(adminSocketPath(dir), ['unban', '--phone', '13800138000']))?.code).toBe(0);
      await stop?.();
      expect(existsSync(adminSocketPath(dir))).toBe(false);
      expect(await askServer(adminSocketPath(dir), ['help'])).toBeNull();
      await db.close();
      expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);

      const done = await run(['ban', '--phone', '13800138000', '--reason', 'test'], undefined, { DATA_DIR: dir });
      expect(done.err).toBe('');
      expect(done.code).toBe(0);
      expect(done.out).toContain(`Banned account ${user.id}`);
      expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);

      // A lock left behind by a crash: refused, then --force goes ahead.
      writeFileSync(join(dir, 'postmaster.pid'), '-42\n');
      expect((await run(['show', '--phone', '13800138000'], undefined, { DATA_DIR: dir })).code).toBe(1);
      const forced = await run(['show', '--phone', '13800138000', '--force'], undefined, { DATA_DIR: dir });
      expect(forced.code).toBe(0);
      expect(forced.out).toContain('banned:     yes, since 2026-11-21 12:00:00 UTC (reason: test)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
