/**
 * The accounts calls: each handler reads its contract's validated input, calls one flow of server/accounts/ and
 * answers the envelope.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { accountsOperations as ops } from '../../../shared/contract/accounts';
import { captchaConfig, newPuzzle, verifyPuzzle } from '../../accounts/captcha';
import { SUCCESS } from '../../accounts/errors';
import { login } from '../../accounts/login';
import { register } from '../../accounts/registration';
import { resetPassword } from '../../accounts/reset';
import { authenticate, closingAnswer, logout } from '../../accounts/sessions';
import { sendCode } from '../../accounts/sms';
import { baseInfo, customerInfo } from '../../accounts/users';
import { noteUser } from '../../ops/log';
import { type ApiDeps, flowContext } from '../deps';
import { notFound, ok, requestFacts } from '../http';
import { route } from '../route';
import { loginCredentials } from './fields';

export function accountsApi(deps: ApiDeps) {
  const ctx = flowContext(deps);
  const facts = (c: Context) => requestFacts(c, deps.settings);
  const token = (c: Context) => c.req.header('x-auth-token')?.trim() || undefined;

  const api = new Hono();

  route(api, ops.captchaConfig, (c) => ok(c, captchaConfig(ctx)));

  route(api, ops.captchaPuzzle, async (c, input) => {
    if (ctx.captcha.kind !== 'builtin') return notFound(c);
    await input.body();
    return ok(c, await newPuzzle(ctx, facts(c)));
  });

  route(api, ops.captchaVerify, async (c, input) => {
    if (ctx.captcha.kind !== 'builtin') return notFound(c);
    const body = await input.body();
    return ok(c, await verifyPuzzle(ctx, body));
  });

  route(api, ops.sendSmsCode, async (c, input) => {
    const body = await input.body();
    return ok(c, await sendCode(ctx, facts(c), body), SUCCESS.smsSent);
  });

  route(api, ops.register, async (c, input) => {
    const body = await input.body();
    const info = await register(ctx, facts(c), body);
    noteUser(c, info.userId);
    return ok(c, info, SUCCESS.registered);
  });

  route(api, ops.login, async (c, input) => {
    const body = await input.body();
    // The captcha the back-off asks for (40005) comes with the web login only: the bind's `ticket` is its QR code's.
    // A code login also brings what registration records, in case it creates the account (one-step SMS sign-in).
    const signUp = {
      inviteCode: body.inviteCode,
      channelId: body.channelId,
      clientId: body.clientId,
      registeInfo: body.registeInfo,
    };
    const credentials = { ...loginCredentials(body), ticket: body.ticket, randstr: body.randstr, ...signUp };
    const info = await login(ctx, facts(c), credentials);
    noteUser(c, info.userId);
    closingAnswer(info);
    return ok(c, info, SUCCESS.loggedIn);
  });

  route(api, ops.resetPassword, async (c, input) => {
    const body = await input.body();
    await resetPassword(ctx, facts(c), body);
    return ok(c, undefined, SUCCESS.passwordReset);
  });

  route(api, ops.logout, async (c, input) => {
    // The token is checked first: a logged-out client learns that before anything about its body.
    noteUser(c, (await authenticate(ctx, facts(c), token(c))).id);
    await input.body();
    await logout(ctx, token(c) as string);
    return ok(c, undefined, SUCCESS.loggedOut);
  });

  for (const [op, shown] of [
    [ops.userBaseInfo, baseInfo],
    [ops.customerInfo, customerInfo],
  ] as const) {
    route(api, op, async (c) => {
      const user = await authenticate(ctx, facts(c), token(c));
      noteUser(c, user.id);
      return ok(c, shown(user));
    });
  }

  route(api, ops.smsOutbox, (c, input) => {
    if (deps.settings.production) return notFound(c);
    const { phone } = input.query();
    return ok(c, ctx.sms.outbox?.(phone) ?? []);
  });

  return api;
}
