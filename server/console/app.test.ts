// @vitest-environment node
/**
 * The console's app: the Origin and CSRF checks of every POST, the roles from the contract, bodies outside the
 * contract, the audit call and its filters, the OpenAPI document, and that no answer carries a secret.
 */
import { expect, it } from 'vitest';
import { CONSOLE_API_PREFIX, CONSOLE_CODES, consoleOperations } from '../../shared/contract/console';
import { CONSOLE_ORIGIN, consoleHarness, OPERATOR_PASSWORD } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import { callOf, rolesOf } from './app';
import { recordAudit } from './audit';

describeDatabases('console app', (getDb) => {
  it('refuses a POST without the CSRF token, with a wrong one, or from another origin (403, session kept)', async () => {
    const h = await consoleHarness(getDb());
    const refusals = [
      await h.call('POST', '/logout', {}, { csrf: null }),
      await h.call('POST', '/logout', {}, { csrf: 'x'.repeat(43) }),
      await h.call('POST', '/logout', {}, { origin: 'https://evil.example' }),
      await h.call('POST', '/logout', {}, { origin: null }),
      await h.call('POST', '/logout', {}, { origin: 'http://localhost:3033' }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(CONSOLE_CODES.csrf);
      expect(answer.body.message).toBe('请求来源或 CSRF 令牌无效，请刷新页面后重试');
    }
    // Nothing ended: the session still works, and the right token and origin log out.
    expect((await h.call('GET', '/session')).status).toBe(200);
    expect((await h.call('POST', '/logout', {})).status).toBe(200);
  });

  it('refuses a sign-in posted from another site', async () => {
    const h = await consoleHarness(getDb(), { signedOut: true });
    const body = { name: 'owner-op', password: OPERATOR_PASSWORD, totp: h.code() };
    const foreign = await h.call('POST', '/login', body, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe(CONSOLE_CODES.csrf);
    expect(foreign.headers.get('set-cookie')).toBeNull();
    expect((await h.call('POST', '/login', body)).status).toBe(200);
  });

  it('answers an unexpected failure with the 500 envelope, no detail', async () => {
    const h = await consoleHarness(getDb());
    const db = h.deps.db;
    h.deps.db = { ...db, query: async () => Promise.reject(new Error('disk on fire: secret detail')) };
    try {
      const answer = await h.call('GET', '/session');
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ code: 500, message: '服务器开小差了，请稍后再试' });
      expect(answer.text).not.toContain('disk on fire');
    } finally {
      h.deps.db = db;
    }
  });

  it('accepts only CONSOLE_PUBLIC_URL as the Origin when it is set', async () => {
    const h = await consoleHarness(getDb(), { env: { CONSOLE_PUBLIC_URL: 'https://console.example.com' } });
    expect((await h.call('POST', '/logout', {}, { origin: CONSOLE_ORIGIN })).status).toBe(403);
    expect((await h.call('POST', '/logout', {}, { origin: 'https://console.example.com' })).status).toBe(200);
  });

  it('asks for a session before anything else (401), and answers unknown paths with the envelope 404', async () => {
    const h = await consoleHarness(getDb());
    for (const [method, path] of [
      ['GET', '/session'],
      ['GET', '/audit'],
      ['GET', '/users'],
      ['POST', '/logout'],
      ['GET', '/nothing-here'],
    ] as const) {
      const answer = await h.call(method, path, method === 'POST' ? {} : undefined, { cookie: null });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: CONSOLE_CODES.needSignIn, message: '请先登录控制台' });
    }
    const forged = await h.call('GET', '/session', undefined, { cookie: `console_session=${'A'.repeat(43)}` });
    expect(forged.status).toBe(401);
    const missing = await h.call('GET', '/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, message: '接口不存在' });
  });

  it('gives each role its calls: support may not read webhooks, the editor may not read users', async () => {
    const support = await consoleHarness(getDb(), { role: 'support' });
    const webhooks = await support.call('GET', '/webhooks');
    expect(webhooks.status).toBe(403);
    expect(webhooks.body.code).toBe(CONSOLE_CODES.forbidden);
    expect(
      (await support.call('POST', '/webhooks', { url: 'https://crm.example.com/hook', events: ['user.registered'] }))
        .status,
    ).toBe(403);
    expect((await support.call('GET', '/audit')).status).toBe(200);

    const editor = await consoleHarness(getDb(), { role: 'editor' });
    const users = await editor.call('GET', '/users?q=5678');
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ code: CONSOLE_CODES.forbidden, message: '你的角色无权进行此操作' });
    expect((await editor.call('GET', '/audit')).status).toBe(403);
    expect((await editor.call('GET', '/signups?from=2026-11-01&to=2026-11-21')).status).toBe(403);
    expect((await editor.call('GET', '/session')).status).toBe(200);
    expect((await editor.call('POST', '/logout', {})).status).toBe(200);

    // Every call of the contract has its roles: the owner's calls for the owner only.
    expect(rolesOf(callOf('GET', '/webhooks/12/deliveries'))).toEqual(['owner']);
    expect(rolesOf(callOf('POST', '/webhooks/12/deliveries/msg_1/resend'))).toEqual(['owner']);
    expect(rolesOf(callOf('POST', '/users/12/ban'))).toEqual(['owner', 'support']);
    expect(callOf('GET', '/users/12')).toBe('user');
    expect(callOf('POST', '/users/12')).toBeNull();
  });

  it('answers a body outside the contract with 400 and a message', async () => {
    const h = await consoleHarness(getDb(), { signedOut: true });
    const extra = await h.call('POST', '/login', {
      name: 'owner-op',
      password: OPERATOR_PASSWORD,
      totp: h.code(),
      remember: true,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe(40000);
    expect(extra.body.message).toBe('不支持的字段：remember');
    const badCode = await h.call('POST', '/login', { name: 'owner-op', password: OPERATOR_PASSWORD, totp: '12345' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toBe('totp格式不正确');
    const notJson = await h.call('POST', '/login', undefined, { raw: '{' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('请求内容不是有效的 JSON');
    const tooBig = await h.call('POST', '/login', undefined, { raw: JSON.stringify({ name: 'x'.repeat(20_000) }) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe(40000);
    // Signed in: the logout takes an empty object only.
    expect((await h.signIn()).status).toBe(200);
    const logout = await h.call('POST', '/logout', { all: true });
    expect(logout.status).toBe(400);
    expect(logout.body.message).toBe('不支持的字段：all');
  });

  it('lists the audit log newest first, by operator, user and action, a page at a time', async () => {
    const db = getDb();
    const h = await consoleHarness(db, { role: 'support' });
    const at = h.now();
    const other = { id: 99, name: 'other-op' };
    await recordAudit(db, {
      at,
      operator: other,
      address: '192.0.2.1',
      action: 'user.ban',
      userId: 7,
      before: { banned: false },
      after: { banned: true, reason: 'spam' },
    });
    await recordAudit(db, { at, operator: other, address: '192.0.2.1', action: 'user.unban', userId: 7 });
    await recordAudit(db, { at, operator: other, address: '192.0.2.1', action: 'user.ban', userId: 8 });
    const all = await h.call<{
      items: { action: string; operator: string | null; userId: string | null }[];
      nextCursor: string | null;
    }>('GET', '/audit');
    expect(all.status).toBe(200);
    expect(all.body.data?.items.map((row) => [row.action, row.operator, row.userId])).toEqual([
      ['user.ban', 'other-op', '8'],
      ['user.unban', 'other-op', '7'],
      ['user.ban', 'other-op', '7'],
      ['operator.login', 'support-op', null],
    ]);
    expect(all.body.data?.nextCursor).toBeNull();
    const first = await h.call<{ items: unknown[] }>('GET', '/audit?operator=other-op&action=user.ban&user=7');
    expect(first.body.data?.items).toEqual([
      {
        id: expect.any(String),
        at: at.toISOString(),
        operator: 'other-op',
        address: '192.0.2.1',
        action: 'user.ban',
        userId: '7',
        before: { banned: false },
        after: { banned: true, reason: 'spam' },
      },
    ]);
    const page1 = await h.call<{ items: { action: string }[]; nextCursor: string }>('GET', '/audit?limit=2');
    expect(page1.body.data?.items.map((row) => row.action)).toEqual(['user.ban', 'user.unban']);
    const page2 = await h.call<{ items: { action: string }[]; nextCursor: string | null }>(
      'GET',
      `/audit?limit=2&cursor=${page1.body.data?.nextCursor}`,
    );
    expect(page2.body.data?.items.map((row) => row.action)).toEqual(['user.ban', 'operator.login']);
    expect(page2.body.data?.nextCursor).toBeNull();
    expect((await h.call('GET', '/audit?cursor=abc')).status).toBe(400);
    expect((await h.call('GET', '/audit?colour=red')).status).toBe(400);
    // Append-only: the database refuses to change or remove a row.
    await expect(db.query("update operator_audit set action = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.query('delete from operator_audit')).rejects.toThrow(/append-only/);
  });

  it('never answers a password hash, session token or TOTP secret', async () => {
    const db = getDb();
    const h = await consoleHarness(db);
    const failed = await h.signIn({ password: 'wrong password here' });
    h.nextStep();
    const signed = await h.signIn();
    const token = (h.session.cookie ?? '').split('=')[1];
    const answers = [
      failed,
      signed,
      await h.call('GET', '/session'),
      await h.call('GET', '/audit'),
      await h.call('GET', '/openapi.json'),
      await h.call('GET', '/nothing'),
    ];
    const [operator] = await db.query<{ password_hash: string; totp_secret: string }>(
      'select password_hash, totp_secret from operators',
    );
    const [session] = await db.query<{ token_hash: string }>('select token_hash from operator_sessions limit 1');
    for (const answer of answers) {
      for (const secret of [
        operator.password_hash,
        operator.totp_secret,
        token,
        session.token_hash,
        OPERATOR_PASSWORD,
        'wrong password here',
      ])
        expect(answer.text).not.toContain(secret);
    }
    expect(token.length).toBeGreaterThan(40);
  });

  it('describes every console call under /console/api in its own OpenAPI document', async () => {
    const h = await consoleHarness(getDb(), { signedOut: true });
    const answer = await h.call<never>('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    const document = JSON.parse(answer.text) as { paths: Record<string, Record<string, { security?: unknown }>> };
    const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    const expected = Object.values(consoleOperations).map((op) => `${op.method} ${CONSOLE_API_PREFIX}${op.path}`);
    expect(listed.sort()).toEqual(expected.sort());
    expect(document.paths['/console/api/login'].post.security).toBeUndefined();
    expect(document.paths['/console/api/users'].get.security).toEqual([{ session: [] }]);
    expect(document.paths['/console/api/users/{id}/ban'].post.security).toEqual([{ session: [], csrf: [] }]);
    expect(document.paths['/console/api/articles/{id}'].put.security).toEqual([{ session: [], csrf: [] }]);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(CONSOLE_ORIGIN).toBe('http://localhost:3032');
  });
});
