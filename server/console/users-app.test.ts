// @vitest-environment node
/**
 * The user and sign-ups calls through the console's own app (server/console/app.ts): a support operator signed in
 * through POST /login finds a seller by the last four digits, bans them with the CSRF token, sees the ban in the
 * audit log under their name, and exports the sign-ups CSV; without the CSRF token the ban is refused and nothing
 * changes; an editor may not read users.
 */
import { expect, it } from 'vitest';
import { harness } from '../testing/accounts-harness';
import { consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import type { UserPageData, UserRowData } from './users';

describeDatabases('console users through the console app', (getDb) => {
  it('finds by last four, bans with CSRF (audited under the operator), exports CSV; refuses without CSRF', async () => {
    const db = getDb();
    const portal = harness(db);
    const seller = await portal.register('13800138000', { registeInfo: { bd_vid: 'abc' } });
    const console = await consoleHarness(db, { role: 'support', start: portal.now() });

    const found = await console.call<{ items: UserRowData[] }>('GET', '/users?q=8000');
    expect(found.status).toBe(200);
    expect(found.body.data?.items.map((item) => [item.id, item.phoneMasked])).toEqual([
      [String(seller.userId), '138****8000'],
    ]);

    const forged = await console.call('POST', `/users/${seller.userId}/ban`, { reason: '刷单' }, { csrf: null });
    expect(forged.status).toBe(403);
    expect((await db.query('select 1 from users where banned_at is not null')).length).toBe(0);

    const banned = await console.call<UserPageData>('POST', `/users/${seller.userId}/ban`, { reason: '刷单' });
    expect(banned.status).toBe(200);
    expect(banned.body.data?.ban?.reason).toBe('刷单');
    const portalCall = await portal.call('/v2/dm_user_base_info', { token: seller.Authorization });
    expect([portalCall.status, portalCall.body.code]).toEqual([401, 40002]);

    const audit = await console.call<{ items: { operator: string; action: string; userId: string }[] }>(
      'GET',
      `/audit?user=${seller.userId}`,
    );
    expect(audit.body.data?.items.map((entry) => [entry.operator, entry.action, entry.userId])).toEqual([
      [console.operator.name, 'user.ban', String(seller.userId)],
    ]);

    const day = new Date(portal.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const csv = await console.call('GET', `/signups?from=${day}&to=${day}&by=source&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual(['period,source,count', `${day},baidu,1`, '']);
  });

  it('an editor may not read users', async () => {
    const console = await consoleHarness(getDb(), { role: 'editor' });
    const refused = await console.call('GET', '/users?q=8000');
    expect(refused.status).toBe(403);
  });
});
