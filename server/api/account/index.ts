/**
 * The account calls (shared/contract/account.ts): the token is checked first (401 / 40002, the forced logout), then
 * the body, then one flow of server/accounts/account-*.ts. A closing account's session may call only GET
 * /v2/account and close/cancel; any other call answers it 40002.
 *
 * Cross-site requests: every call needs the `X-Auth-Token` header (a page of another site cannot add it to a
 * simple request, and a preflighted one is refused: the API sends no CORS headers) and a JSON body
 * (`application/json`, 415 otherwise); the token lives in localStorage, never in a cookie, so a browser sends
 * nothing by itself.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { accountOperations as ops } from '../../../shared/contract/account';
import { cancelClosure, closeAccount } from '../../accounts/account-closure';
import * as accountErrors from '../../accounts/account-errors';
import { ACCOUNT_SUCCESS } from '../../accounts/account-errors';
import { exportAccount } from '../../accounts/account-export';
import { listSessions, revokeSessions } from '../../accounts/account-sessions';
import {
  type AccountSessionRef,
  accountView,
  actorOf,
  changeNickname,
  changePassword,
  changePhone,
  unbindWechat,
} from '../../accounts/account-settings';
import * as errors from '../../accounts/errors';
import { hashToken, liveSession, TOKEN_PATTERN } from '../../accounts/sessions';
import { readVisitorId } from '../../college/views';
import { publicOrigin } from '../../http/request';
import { noteUser } from '../../ops/log';
import { createQrCode } from '../../scan-login/create';
import { identityOfUser, updateTicket } from '../../scan-login/tickets';
import { type ApiDeps, flowContext } from '../deps';
import { nameFields, ok, requestFacts } from '../http';
import { route } from '../route';
import '../accounts/fields';

nameFields({
  oldPassword: /*i18n*/ '当前密码',
  oldCode: /*i18n*/ '原手机号验证码',
  sessionId: /*i18n*/ '设备',
  others: /*i18n*/ '其他设备',
});

export function accountApi(deps: ApiDeps) {
  const ctx = flowContext(deps);
  const facts = (c: Context) => requestFacts(c, deps.settings);

  /** The signed-in session: 401 without a well-formed token, 40002 when it is dead (or closing, unless allowed). */
  async function signedIn(c: Context, allowClosing = false): Promise<AccountSessionRef> {
    const token = c.req.header('x-auth-token')?.trim();
    if (!token || !TOKEN_PATTERN.test(token)) throw errors.needLogin();
    const session = await liveSession(ctx.db, token, facts(c).tenantId, ctx.now(), allowClosing);
    if (!session) throw errors.sessionExpired();
    noteUser(c, session.user.id);
    return session;
  }

  const api = new Hono();

  route(api, ops.account, async (c) => {
    const session = await signedIn(c, true);
    return ok(c, await accountView(ctx.db, session.user));
  });

  route(api, ops.profile, async (c, input) => {
    const session = await signedIn(c);
    const { nickname } = await input.body();
    return ok(c, await changeNickname(ctx, facts(c), session, nickname), ACCOUNT_SUCCESS.profileSaved);
  });

  route(api, ops.password, async (c, input) => {
    const session = await signedIn(c);
    const body = await input.body();
    return ok(c, await changePassword(ctx, facts(c), session, body), ACCOUNT_SUCCESS.passwordChanged);
  });

  route(api, ops.phone, async (c, input) => {
    const session = await signedIn(c);
    const body = await input.body();
    return ok(c, await changePhone(ctx, facts(c), session, body), ACCOUNT_SUCCESS.phoneChanged);
  });

  route(api, ops.sessions, async (c) => {
    const session = await signedIn(c);
    return ok(c, await listSessions(ctx.db, session.user.id, session.sessionId, ctx.now()));
  });

  route(api, ops.revokeSession, async (c, input) => {
    const session = await signedIn(c);
    const body = await input.body();
    const now = ctx.now();
    const revoked = await ctx.db.transaction((tx) => revokeSessions(tx, actorOf(session, facts(c)), body, now));
    return ok(c, { revoked }, ACCOUNT_SUCCESS.sessionsRevoked);
  });

  route(api, ops.wechatUnbind, async (c, input) => {
    const session = await signedIn(c);
    const body = await input.body();
    return ok(c, await unbindWechat(ctx, facts(c), session, body), ACCOUNT_SUCCESS.unbound);
  });

  route(api, ops.wechatBindCode, async (c, input) => {
    const session = await signedIn(c);
    await input.body();
    if (await identityOfUser(ctx.db, session.user.id)) throw accountErrors.wechatAlreadyBound();
    const origin = publicOrigin(c, deps.settings);
    const code = await createQrCode(ctx, { ...facts(c), origin, userAgent: c.req.header('user-agent') });
    await updateTicket(ctx.db, hashToken(code.ticket), {
      bind_user_id: session.user.id,
      bind_session_id: session.sessionId,
    });
    return ok(c, code);
  });

  route(api, ops.export, async (c) => {
    const session = await signedIn(c);
    const data = await exportAccount(ctx.db, session.user, readVisitorId(c) ?? null, ctx.now());
    c.header('Content-Disposition', `attachment; filename="account-${session.user.id}.json"`);
    c.header('Cache-Control', 'no-store');
    return ok(c, data);
  });

  route(api, ops.close, async (c, input) => {
    const session = await signedIn(c);
    const body = await input.body();
    return ok(c, await closeAccount(ctx, facts(c), session, body), ACCOUNT_SUCCESS.closed);
  });

  route(api, ops.cancelClosure, async (c, input) => {
    const session = await signedIn(c, true);
    await input.body();
    return ok(c, await cancelClosure(ctx, facts(c), session), ACCOUNT_SUCCESS.closureCancelled);
  });

  return api;
}
