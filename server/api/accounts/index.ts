/**
 * Accounts: captcha, SMS codes, register, login, password reset, logout and user info (spec §7, issue 3).
 * Each handler validates its input with the schema that also documents it, calls one flow of
 * server/accounts/service.ts and answers the envelope. docs/api.md is the contract.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { SUCCESS } from '../../accounts/errors';
import * as accounts from '../../accounts/service';
import { builtinCaptcha } from '../../providers/captcha/index';
import { createSmsSink } from '../../providers/sms/sink';
import type { ApiDeps } from '../deps';
import { notFound, ok, readJson, readQuery, requestFacts } from '../http';
import { defineOperation } from '../openapi';
import * as schemas from './schemas';

const tags = ['accounts'];
const limitNote = 'HTTP 429 + Retry-After: a limit (data.retryAfter = seconds to wait)';
const validation = 'HTTP 400: a field is missing, extra, of the wrong type or out of range (data.field); 413; 415';
const authErrors = {
  401: 'HTTP 401: no token, or not a well-formed token',
  40002: 'HTTP 401: the token is unknown, expired or revoked',
};

defineOperation({
  method: 'get',
  path: '/v2/captcha/config',
  summary: 'Which captcha the client must show',
  tags,
  data: schemas.captchaConfigData,
});
defineOperation({
  method: 'post',
  path: '/v2/captcha/puzzle',
  summary: 'A new slider puzzle (built-in captcha)',
  tags,
  body: schemas.emptyBody,
  data: schemas.puzzleData,
  errors: { 40000: validation, 404: 'the remote captcha is configured', 429: limitNote },
});
defineOperation({
  method: 'post',
  path: '/v2/captcha/verify',
  summary: 'Check the dropped position; a good one earns a one-time ticket (2 minutes)',
  tags,
  body: schemas.verifyCaptchaBody,
  data: schemas.ticketData,
  errors: {
    40000: validation,
    40008: 'wrong position (the puzzle is used up)',
    40009: 'unknown, expired or used puzzle',
  },
});
defineOperation({
  method: 'post',
  path: '/v2/sendSmsCode',
  summary: 'Send a 6-digit code (needs a captcha ticket)',
  tags,
  body: schemas.sendSmsCodeBody,
  data: schemas.smsSentData,
  errors: {
    40000: validation,
    40005: 'missing, used or expired captcha ticket',
    40006: 'purpose register: the phone is already registered',
    40011: 'the phone number does not fit its country',
    40013: 'HTTP 502: the SMS provider failed',
    429: limitNote,
  },
});
defineOperation({
  method: 'post',
  path: '/v2/web/register',
  summary: 'Register with an SMS code; answers logged in',
  tags,
  body: schemas.registerBody,
  data: schemas.userInfoData,
  errors: {
    40000: `${validation}; password length`,
    40004: 'wrong, expired or used code',
    40006: 'the phone is already registered',
    40011: 'the phone number does not fit its country',
    40012: 'the password is too common',
  },
});
defineOperation({
  method: 'post',
  path: '/v2/web/userlogin',
  summary: 'Log in with a password or an SMS code',
  tags,
  body: schemas.loginBody,
  data: schemas.userInfoData,
  errors: {
    40000: validation,
    40003: 'wrong phone or password (also for an unregistered phone)',
    40004: 'code login: wrong, expired or used code (also for an unregistered phone)',
    40011: 'the phone number does not fit its country',
    429: limitNote,
  },
});
defineOperation({
  method: 'post',
  path: '/v2/web/modpsw',
  summary: 'Reset the password with an SMS code; revokes every session of the user',
  tags,
  body: schemas.resetBody,
  errors: {
    40000: `${validation}; password length`,
    40004: 'wrong, expired or used code (also for an unregistered phone)',
    40011: 'the phone number does not fit its country',
    40012: 'the password is too common',
  },
});
defineOperation({
  method: 'post',
  path: '/v2/web/userlogout',
  summary: 'Log out: revokes the token',
  tags,
  auth: true,
  body: schemas.logoutBody,
  errors: { ...authErrors, 40000: validation },
});
defineOperation({
  method: 'get',
  path: '/v2/dm_user_base_info',
  summary: 'The logged-in user',
  tags,
  auth: true,
  data: schemas.baseInfoData,
  errors: authErrors,
});
defineOperation({
  method: 'get',
  path: '/v4/v1/damiUser/getUserInfo',
  summary: 'The logged-in customer: tenant, channel, invite code, trial end, attribution',
  tags,
  auth: true,
  data: schemas.customerInfoData,
  errors: authErrors,
});
defineOperation({
  method: 'get',
  path: '/dev/sms-outbox',
  summary: 'Development only (404 in production): codes the built-in SMS sink sent, newest first',
  tags,
  query: schemas.outboxQuery,
  data: schemas.outboxData,
  devOnly: true,
});

export function accountsApi(deps: ApiDeps) {
  const ctx: accounts.AccountsContext = {
    db: deps.db,
    now: deps.now,
    sms: deps.sms ?? createSmsSink({ now: deps.now }),
    captcha: deps.captcha ?? builtinCaptcha,
  };
  const facts = (c: Context) => requestFacts(c, deps.settings);
  const token = (c: Context) => c.req.header('x-auth-token')?.trim() || undefined;

  const api = new Hono();

  api.get('/v2/captcha/config', (c) => ok(c, accounts.captchaConfig(ctx)));

  api.post('/v2/captcha/puzzle', async (c) => {
    if (ctx.captcha.kind !== 'builtin') return notFound(c);
    await readJson(c, schemas.emptyBody);
    return ok(c, await accounts.newPuzzle(ctx, facts(c)));
  });

  api.post('/v2/captcha/verify', async (c) => {
    if (ctx.captcha.kind !== 'builtin') return notFound(c);
    const body = await readJson(c, schemas.verifyCaptchaBody);
    return ok(c, await accounts.verifyPuzzle(ctx, body));
  });

  api.post('/v2/sendSmsCode', async (c) => {
    const body = await readJson(c, schemas.sendSmsCodeBody);
    return ok(c, await accounts.sendCode(ctx, facts(c), body), SUCCESS.smsSent);
  });

  api.post('/v2/web/register', async (c) => {
    const body = await readJson(c, schemas.registerBody);
    return ok(c, await accounts.register(ctx, facts(c), body), SUCCESS.registered);
  });

  api.post('/v2/web/userlogin', async (c) => {
    const body = await readJson(c, schemas.loginBody);
    const input = schemas.loginCredentials(body);
    return ok(c, await accounts.login(ctx, facts(c), input), SUCCESS.loggedIn);
  });

  api.post('/v2/web/modpsw', async (c) => {
    const body = await readJson(c, schemas.resetBody);
    await accounts.resetPassword(ctx, facts(c), body);
    return ok(c, undefined, SUCCESS.passwordReset);
  });

  api.post('/v2/web/userlogout', async (c) => {
    // The token is checked first: a logged-out client learns that before anything about its body.
    await accounts.authenticate(ctx, facts(c), token(c));
    await readJson(c, schemas.logoutBody);
    await accounts.logout(ctx, token(c) as string);
    return ok(c, undefined, SUCCESS.loggedOut);
  });

  api.get('/v2/dm_user_base_info', async (c) => {
    const user = await accounts.authenticate(ctx, facts(c), token(c));
    return ok(c, accounts.baseInfo(user));
  });

  api.get('/v4/v1/damiUser/getUserInfo', async (c) => {
    const user = await accounts.authenticate(ctx, facts(c), token(c));
    return ok(c, accounts.customerInfo(user));
  });

  api.get('/dev/sms-outbox', (c) => {
    if (deps.settings.production) return notFound(c);
    const { phone } = readQuery(c, schemas.outboxQuery);
    return ok(c, ctx.sms.outbox?.(phone) ?? []);
  });

  return api;
}
