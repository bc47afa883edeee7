// @vitest-environment node
/**
 * The signed-in bind by QR code (POST /v2/account/wechat/bind-code) through the scan-login's tickets and poll, and
 * a QR sign-in of a closing account (its session carries `closure`), on PGlite and PostgreSQL.
 */
import { expect, it } from 'vitest';
import type { Account } from '../../../shared/contract/account';
import type { QrCode } from '../../../shared/contract/scan-login';
import type { MessagingProvider } from '../../providers/messaging/types';
import { confirmScan } from '../../scan-login/confirm';
import { handleScan } from '../../scan-login/scan';
import { harness, PASSWORD } from '../../testing/accounts-harness';
import { describeDatabases } from '../../testing/databases';
import { replyText } from '../wx-callback/replies';

const TENANT = 14;

function setup(getDb: () => import('../../db/database').Database) {
  const scenes: string[] = [];
  const messaging: MessagingProvider = {
    kind: 'simulator',
    async createQr(input) {
      scenes.push(input.scene);
      return { url: `${input.origin}/wx-sim?scene=${input.scene}`, expiresIn: input.ttlSeconds };
    },
    async webhookToken() {
      return 'test-token';
    },
  };
  const db = getDb();
  const h = harness(db, { messaging });
  const scan = (scene: string, openId: string) =>
    handleScan(db, { tenantId: TENANT, openId, scene, subscribed: false, now: h.now() });
  const poll = (ticket: string) =>
    h.call<{ status: string; userInfo?: Record<string, unknown> }>(`/v2/wx/get_qr_status?ticket=${ticket}`);
  const bindCode = async (token: string) => {
    const res = await h.call<QrCode>('/v2/account/wechat/bind-code', { body: {}, token });
    return { res, scene: scenes[scenes.length - 1] };
  };
  return { db, h, scan, poll, bindCode };
}

describeDatabases('account: WeChat bind by QR code', (getDb) => {
  it('binds the WeChat that scans to the signed-in account; the poll says linked and hands out no session', async () => {
    const { db, h, scan, poll, bindCode } = setup(getDb);
    const { Authorization, userId } = await h.register('13800138000');
    const { res, scene } = await bindCode(Authorization);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await poll(res.body.data!.ticket)).body.data).toMatchObject({ status: 'waiting' });
    const sessionsBefore = await h.count('sessions');
    const outcome = await scan(scene, 'o-phone');
    expect(outcome).toEqual({ kind: 'linked', userName: 'seller 8000' });
    expect(replyText(outcome, { brandName: '星达', lang: 'zh' })).toBe(
      '微信已绑定到星达账号“seller 8000”，可在电脑上继续。',
    );
    expect((await poll(res.body.data!.ticket)).body.data).toEqual({ status: 'linked' });
    expect(await h.count('sessions')).toBe(sessionsBefore);
    const account = await h.call<Account>('/v2/account', { token: Authorization });
    expect(account.body.data!.wechat).toEqual({ nickname: null, boundAt: h.now().toISOString() });
    const [audit] = await db.query<{ action: string; user_id: string | number }>('select * from account_audit');
    expect([audit.action, Number(audit.user_id)]).toEqual(['wechat_bound', userId]);
    // Bound now: another code is refused.
    const again = await bindCode(Authorization);
    expect([again.res.status, again.res.body.code]).toEqual([409, 40035]);
    // Unauthenticated: 401.
    expect((await h.call('/v2/account/wechat/bind-code', { body: {} })).status).toBe(401);
  });

  it('fails for good when the WeChat that scans is bound to another account', async () => {
    const { db, h, scan, poll, bindCode } = setup(getDb);
    const { Authorization } = await h.register('13800138000');
    const other = await h.register('13900139000');
    await db.query(
      'insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at) values ($1, $2, $3, $4, $5, $5)',
      [TENANT, 'o-other', 'other', other.userId, h.now()],
    );
    const { res, scene } = await bindCode(Authorization);
    expect(await scan(scene, 'o-other')).toEqual({ kind: 'bindFailed' });
    expect((await poll(res.body.data!.ticket)).body.data).toEqual({ status: 'bind_failed' });
    const [identity] = await db.query<{ user_id: string | number }>(
      "select user_id from wx_identities where open_id = 'o-other'",
    );
    expect(Number(identity.user_id)).toBe(other.userId);
    expect(await db.query('select 1 from account_audit')).toEqual([]);
  });

  it('a QR sign-in of a closing account hands out the restricted session with its closure', async () => {
    const { db, h, scan, poll } = setup(getDb);
    const { Authorization, userId } = await h.register('13800138000');
    await db.query(
      'insert into wx_identities (tenant_id, open_id, nickname, user_id, created_at, bound_at) values ($1, $2, $3, $4, $5, $5)',
      [TENANT, 'o-1', 'wx', userId, h.now()],
    );
    expect((await h.call('/v2/account/close', { body: { password: PASSWORD }, token: Authorization })).status).toBe(
      200,
    );
    const qr = await h.call<QrCode>('/v2/wx/create_login_qrcode', { body: {} });
    const [ticket] = await db.query<{ scene: string }>(
      "select scene from wx_login_tickets where state = 'waiting' order by created_at desc limit 1",
    );
    const outcome = await scan(ticket.scene, 'o-1');
    if (outcome.kind !== 'confirm') throw new Error(outcome.kind);
    expect(
      await confirmScan(db, {
        tenantId: TENANT,
        scene: ticket.scene,
        confirmToken: outcome.confirmToken,
        now: h.now(),
      }),
    ).toBe('confirmed');
    const bound = (await poll(qr.body.data!.ticket)).body.data!;
    expect(bound.status).toBe('bound');
    expect(bound.userInfo!.closure).toMatchObject({ erasesAt: expect.any(String) });
    const token = bound.userInfo!.Authorization as string;
    expect((await h.call('/v2/dm_user_base_info', { token })).body.code).toBe(40002);
    expect((await h.call('/v2/account/close/cancel', { body: {}, token })).status).toBe(200);
  });
});
