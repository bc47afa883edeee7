// @vitest-environment node
/**
 * `npm run admin -- operator …`: the password from standard input, the printed secret that signs in, remove and
 * reset-totp that stop the old credentials, list; through main() and through the running server's control socket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { main } from '../admin/commands';
import { adminSocketPath, askServer, startAdminControl } from '../admin/control';
import type { Database } from '../db/database';
import { CONSOLE_START, consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import { totpCode } from './operators';

const PASSWORD = 'the new operator passphrase';

async function admin(db: Database, args: string[], stdin?: string, now = CONSOLE_START) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { db, stdin, now: () => now, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const secretOf = (out: string) => /^totp-secret: ([A-Z2-7]+)$/m.exec(out)?.[1] ?? '';

describeDatabases('npm run admin -- operator', (getDb) => {
  it('adds an operator from a password on standard input; the printed secret signs in', async () => {
    const db = getDb();
    const added = await admin(db, ['operator', 'add', '--name', 'alice', '--role', 'support'], `${PASSWORD}\n`);
    expect(added.code).toBe(0);
    expect(added.err).toBe('');
    const secret = secretOf(added.out);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(added.out).toMatch(
      new RegExp(
        `^otpauth-uri: otpauth://totp/Portal%20console:alice\\?issuer=Portal%20console&secret=${secret}&algorithm=SHA1&digits=6&period=30$`,
        'm',
      ),
    );
    expect(added.out).not.toContain(PASSWORD);
    const [row] = await db.query<{ password_hash: string; role: string }>('select * from operators');
    expect(row.role).toBe('support');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The harness's own operator is another one; alice signs in with what the command printed.
    const h = await consoleHarness(db, { signedOut: true });
    const signedIn = await h.signIn({ name: 'alice', password: PASSWORD, totp: totpCode(secret, h.now()) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ operator: { name: 'alice', role: 'support' } });

    const listed = await admin(db, ['operator', 'list']);
    expect(listed.out.split('\n')).toEqual([
      'name      role     added                    last sign-in',
      'alice     support  2026-11-21 12:00:00 UTC  2026-11-21 12:00:00 UTC',
      'owner-op  owner    2026-11-21 12:00:00 UTC  —',
    ]);
    const audit = await db.query<{ action: string; address: string; after: unknown }>(
      "select action, address, after from operator_audit where action = 'operator.add'",
    );
    expect(audit).toEqual([
      { action: 'operator.add', address: 'npm run admin', after: { name: 'alice', role: 'support' } },
    ]);
  });

  it('refuses an empty or short password, a bad role or name, a name in use', async () => {
    const db = getDb();
    const add = (stdin: string | undefined, name = 'bob', role = 'owner') =>
      admin(db, ['operator', 'add', '--name', name, '--role', role], stdin);
    expect(await add(undefined)).toMatchObject({ code: 1, err: expect.stringContaining('standard input') });
    expect(await add('\n')).toMatchObject({ code: 1, err: expect.stringContaining('standard input') });
    expect(await add('short pass\n')).toMatchObject({
      code: 1,
      err: 'The password must have at least 12 characters (it has 10): type it on standard input.',
    });
    expect(await add(PASSWORD, 'bob', 'admin')).toMatchObject({
      code: 1,
      err: 'The role must be owner, support, editor, got "admin".',
    });
    expect((await add(PASSWORD, 'Bob Smith')).code).toBe(1);
    expect((await db.query('select 1 from operators')).length).toBe(0);
    expect((await add(PASSWORD)).code).toBe(0);
    expect(await add(PASSWORD)).toMatchObject({ code: 1, err: 'There is already an operator "bob".' });
    expect(await admin(db, ['operator', 'add', '--role', 'owner'], PASSWORD)).toMatchObject({ code: 1 });
    expect(await admin(db, ['operator', 'rename', '--name', 'bob'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('"operator" needs one of add, remove, reset-totp, list, got "rename"'),
    });
    expect(await admin(db, ['operator', 'list', '--phone', '1'])).toMatchObject({
      code: 1,
      err: '"operator" takes no --phone. See: npm run admin -- help',
    });
  });

  it('removes an operator: its session ends and signing in stops; reset-totp makes the old secret useless', async () => {
    const db = getDb();
    const h = await consoleHarness(db, { name: 'carol', role: 'support' });
    expect((await h.call('GET', '/session')).status).toBe(200);

    const reset = await admin(db, ['operator', 'reset-totp', '--name', 'carol']);
    expect(reset.code).toBe(0);
    const fresh = secretOf(reset.out);
    expect(fresh).not.toBe(h.operator.secret);
    h.nextStep();
    expect((await h.signIn()).status).toBe(401);
    expect((await h.signIn({ totp: totpCode(fresh, h.now()) })).status).toBe(200);

    const removed = await admin(db, ['operator', 'remove', '--name', 'carol']);
    expect(removed).toMatchObject({ code: 0, out: expect.stringContaining('Removed the operator "carol"') });
    expect((await h.call('GET', '/session')).status).toBe(401);
    h.nextStep();
    expect((await h.signIn({ totp: totpCode(fresh, h.now()) })).status).toBe(401);
    expect(await admin(db, ['operator', 'remove', '--name', 'carol'])).toMatchObject({
      code: 1,
      err: 'No operator "carol".',
    });
    // The name can be given again, to a new operator with a new secret.
    const again = await admin(db, ['operator', 'add', '--name', 'carol', '--role', 'editor'], PASSWORD);
    expect(again.code).toBe(0);
    h.nextStep();
    const back = await h.signIn({ password: PASSWORD, totp: totpCode(secretOf(again.out), h.now()) });
    expect(back.body.data).toMatchObject({ operator: { name: 'carol', role: 'editor' } });
  });

  it("passes the password to the running server's control socket", async () => {
    const db = getDb();
    const dir = mkdtempSync(join(tmpdir(), 'operator-'));
    const stop = await startAdminControl(db, adminSocketPath(dir), () => CONSOLE_START);
    try {
      const reply = await askServer(
        adminSocketPath(dir),
        ['operator', 'add', '--name', 'dave', '--role', 'owner'],
        10_000,
        `${PASSWORD}\n`,
      );
      expect(reply?.code).toBe(0);
      expect(reply?.out.join('\n')).toMatch(/^totp-secret: [A-Z2-7]{32}$/m);
      expect((await db.query('select name from operators')).length).toBe(1);
    } finally {
      await stop?.();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
