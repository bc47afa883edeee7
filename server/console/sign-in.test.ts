// @vitest-environment node
/**
 * Signing in to the console: the one answer for every wrong credential, the TOTP window and single use, the
 * limits, the cookie, the session's expiry and logout, and the audit rows of each.
 */
import { expect, it } from 'vitest';
import { CONSOLE_CODES } from '../../shared/contract/console';
import { CONSOLE_START, consoleHarness, OPERATOR_PASSWORD } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import { totpCode } from './operators';

describeDatabases('console sign-in', (getDb) => {
  it('signs in with name, password and a current code: a cookie, the CSRF token, the session', async () => {
    const h = await consoleHarness(getDb(), { role: 'support', signedOut: true });
    const answer = await h.signIn();
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toEqual({
      operator: { name: 'support-op', role: 'support' },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(CONSOLE_START.getTime() + 12 * 3600_000).toISOString(),
    });
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^console_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    expect(cookie).not.toContain('Secure');
    const session = await h.call('GET', '/session');
    expect(session.status).toBe(200);
    expect(session.body.data).toEqual(answer.body.data);
    // Only the token's SHA-256 is stored.
    const token = cookie.split(';')[0].split('=')[1];
    const [row] = await getDb().query<{ token_hash: string }>('select token_hash from operator_sessions');
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
    expect(answer.text).not.toContain(row.token_hash);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a wrong password, a wrong code and an unknown name with the same bytes, and audits each', async () => {
    const h = await consoleHarness(getDb(), { signedOut: true });
    const wrongPassword = await h.signIn({ password: 'not the password at all' });
    const wrongCode = await h.signIn({ totp: h.code() === '000000' ? '111111' : '000000' });
    const unknown = await h.signIn({ name: 'nobody' });
    for (const answer of [wrongPassword, wrongCode, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(CONSOLE_CODES.wrongSignIn);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(wrongCode.text).toBe(wrongPassword.text);
    expect(unknown.text).toBe(wrongPassword.text);
    expect(wrongPassword.body.message).toBe('名称、密码或动态验证码不正确');
    const rows = await getDb().query<{ operator_name: string | null; action: string; after: unknown; address: string }>(
      'select operator_name, action, after, address from operator_audit order by id',
    );
    expect(rows).toEqual([
      {
        operator_name: 'owner-op',
        action: 'operator.login_failed',
        after: { name: 'owner-op' },
        address: '198.51.100.7',
      },
      {
        operator_name: 'owner-op',
        action: 'operator.login_failed',
        after: { name: 'owner-op' },
        address: '198.51.100.7',
      },
      { operator_name: null, action: 'operator.login_failed', after: { name: 'nobody' }, address: '198.51.100.7' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('not the password');
  });

  it('accepts a code once, and codes of one step before or after, not two', async () => {
    const h = await consoleHarness(getDb(), { signedOut: true });
    h.nextStep();
    h.advance(10_000);
    const at = h.now();
    const code = h.code();
    expect((await h.signIn({ totp: code })).status).toBe(200);
    expect((await h.signIn({ totp: code })).status).toBe(401);
    const step = 30_000;
    // The next step's code (one step ahead of the clock) works; then the previous step's is older than one used.
    expect((await h.signIn({ totp: totpCode(h.operator.secret, new Date(at.getTime() + step)) })).status).toBe(200);
    expect((await h.signIn({ totp: totpCode(h.operator.secret, new Date(at.getTime() - step)) })).status).toBe(401);
    h.advance(10 * step);
    const later = h.now();
    expect((await h.signIn({ totp: totpCode(h.operator.secret, new Date(later.getTime() - 2 * step)) })).status).toBe(
      401,
    );
    expect((await h.signIn({ totp: totpCode(h.operator.secret, new Date(later.getTime() + 2 * step)) })).status).toBe(
      401,
    );
    expect((await h.signIn({ totp: totpCode(h.operator.secret, new Date(later.getTime() - step)) })).status).toBe(200);
  });

  it('limits failures per name (429 with Retry-After) even for a right password, and per address', async () => {
    const h = await consoleHarness(getDb(), { signedOut: true });
    for (let i = 0; i < 5; i++)
      expect((await h.signIn({ password: `wrong password ${i}`, ip: `192.0.2.${i}` })).status).toBe(401);
    const limited = await h.signIn({ ip: '192.0.2.99' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // An unknown name is limited the same way, so the 429 tells nothing either.
    for (let i = 0; i < 5; i++) expect((await h.signIn({ name: 'ghost', ip: `192.0.2.${i}` })).status).toBe(401);
    expect((await h.signIn({ name: 'ghost', ip: '192.0.2.98' })).status).toBe(429);
    // Fifteen minutes later the name may try again.
    h.advance(15 * 60_000 + 1000);
    expect((await h.signIn({ ip: '192.0.2.97' })).status).toBe(200);

    // Per address: ten failures with different names, then even the right credentials are refused from it.
    h.nextStep();
    for (let i = 0; i < 10; i++) expect((await h.signIn({ name: `name${i}`, ip: '203.0.113.50' })).status).toBe(401);
    const fromAddress = await h.signIn({ ip: '203.0.113.50' });
    expect(fromAddress.status).toBe(429);
    expect(fromAddress.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await h.signIn({ ip: '203.0.113.51' })).status).toBe(200);
  });

  it('marks the cookie Secure over HTTPS through a trusted proxy, not from an untrusted one', async () => {
    const h = await consoleHarness(getDb(), { signedOut: true, env: { TRUST_PROXY: 'loopback' } });
    const proxied = await h.call(
      'POST',
      '/login',
      { name: 'owner-op', password: OPERATOR_PASSWORD, totp: h.code() },
      {
        ip: '127.0.0.1',
        origin: 'https://localhost:3032',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.1' },
      },
    );
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('set-cookie')).toMatch(/; Secure$/);
    // The audit has the client's address as the proxy reports it.
    const [row] = await getDb().query<{ address: string }>('select address from operator_audit');
    expect(row.address).toBe('192.0.2.1');
    h.nextStep();
    const direct = await h.call(
      'POST',
      '/login',
      { name: 'owner-op', password: OPERATOR_PASSWORD, totp: h.code() },
      { ip: '192.0.2.1', headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(direct.status).toBe(200);
    expect(direct.headers.get('set-cookie')).not.toContain('Secure');
  });

  it('ends a session after 30 minutes without a call, and after 12 hours whatever the calls', async () => {
    const h = await consoleHarness(getDb());
    h.advance(29 * 60_000);
    expect((await h.call('GET', '/session')).status).toBe(200);
    h.advance(29 * 60_000);
    expect((await h.call('GET', '/session')).status).toBe(200);
    h.advance(30 * 60_000 + 1);
    const idle = await h.call('GET', '/session');
    expect(idle.status).toBe(401);
    expect(idle.body.code).toBe(CONSOLE_CODES.needSignIn);

    h.nextStep();
    expect((await h.signIn()).status).toBe(200);
    for (let i = 0; i < 24; i++) {
      h.advance(29 * 60_000);
      expect((await h.call('GET', '/session')).status).toBe(200);
    }
    // 24 × 29 minutes after the sign-in: 11 h 36 min; 25 more minutes pass the 12 hours.
    h.advance(25 * 60_000);
    expect((await h.call('GET', '/session')).status).toBe(401);
  });

  it('logs out: the cookie is cleared, the session ends, the audit has it', async () => {
    const h = await consoleHarness(getDb());
    const cookie = h.session.cookie;
    const out = await h.call('POST', '/logout', {});
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^console_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/);
    expect((await h.call('GET', '/session', undefined, { cookie })).status).toBe(401);
    const actions = await getDb().query<{ action: string; operator_name: string }>(
      'select action, operator_name from operator_audit order by id',
    );
    expect(actions).toEqual([
      { action: 'operator.login', operator_name: 'owner-op' },
      { action: 'operator.logout', operator_name: 'owner-op' },
    ]);
  });
});
