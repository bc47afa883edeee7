/**
 * The scan login (issue 4): create a login QR code, poll its status, and complete, bind or register with it.
 * Each handler validates its input with the schema that also documents it, calls one flow of
 * server/scan-login/service.ts and answers the envelope. docs/api.md is the contract.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { SUCCESS } from '../../accounts/errors';
import { LIMITS, MemoryLimiter } from '../../accounts/limits';
import { builtinCaptcha } from '../../providers/captcha/index';
import { createSmsSink } from '../../providers/sms/sink';
import { publicOrigin } from '../../request';
import * as scan from '../../scan-login/service';
import { loginCredentials } from '../accounts/schemas';
import type { ApiDeps } from '../deps';
import { ok, readJson, readQuery, requestFacts } from '../http';
import { defineOperation } from '../openapi';
import * as schemas from './schemas';

const tags = ['scan-login'];
const limitNote = 'HTTP 429 + Retry-After: a limit (data.retryAfter = seconds to wait)';
const validation = 'HTTP 400: a field is missing, extra, of the wrong type or out of range (data.field); 413; 415';
const ticketErrors = {
  40020: 'HTTP 404: unknown ticket (or of the other brand)',
  40023: 'HTTP 410: the code has expired or was already used',
  40021: 'HTTP 409: the ticket is not in the state the action needs',
  40014: 'HTTP 403: the account or the WeChat identity is banned (the ticket becomes banned)',
  40022: 'HTTP 409: bind failed for good (account already bound, WeChat bound meanwhile, 5th failed attempt)',
};

defineOperation({
  method: 'post',
  path: '/v2/wx/create_login_qrcode',
  summary: 'A new login QR code (single use, 300 s) and the secret ticket to poll it with',
  tags,
  body: schemas.createBody,
  data: schemas.qrCodeData,
  errors: {
    40000: validation,
    40024: 'HTTP 502: the messaging platform did not create the code',
    503: 'HTTP 503: no messaging platform is configured',
    429: `${limitNote}; 10 a minute and 60 an hour per IP address`,
  },
});
defineOperation({
  method: 'get',
  path: '/v2/wx/get_qr_status',
  summary: 'The status of a login QR code; "bound" carries the session, once',
  tags,
  query: schemas.statusQuery,
  data: schemas.qrStatusData,
  errors: {
    40000: 'HTTP 400: no ticket, or not a well-formed one',
    40020: ticketErrors[40020],
    429: `${limitNote}; 120 polls a minute per IP address`,
  },
});
defineOperation({
  method: 'post',
  path: '/v2/wx/userlogin',
  summary: 'Complete a confirmed scan, or bind / register the WeChat that scanned; answers logged in',
  tags,
  body: schemas.wxLoginBody,
  data: schemas.userInfoData,
  errors: {
    40000: `${validation}; bind: exactly one of password and code; register: password length`,
    ...ticketErrors,
    40003: 'bind: wrong phone or password (also for an unregistered phone); counts a failed attempt',
    40004: 'bind / register: wrong, expired or used code; counts a failed attempt',
    40006: 'register: the phone is already registered',
    40011: 'the phone number does not fit its country',
    40012: 'register: the password is too common',
    429: `${limitNote} (the login limits and back-off)`,
  },
});

export function scanLoginApi(deps: ApiDeps) {
  const ctx: scan.ScanContext = {
    db: deps.db,
    now: deps.now,
    sms: deps.sms ?? createSmsSink({ now: deps.now }),
    captcha: deps.captcha ?? builtinCaptcha,
    messaging: deps.messaging,
    qrTtlSeconds: deps.settings.wx.qrTtlSeconds,
    pollLimiter: deps.settings.benchUnlimited ? undefined : new MemoryLimiter(LIMITS.qrPollsPerIp),
  };
  const facts = (c: Context) => requestFacts(c, deps.settings);

  const api = new Hono();

  api.post('/v2/wx/create_login_qrcode', async (c) => {
    await readJson(c, schemas.createBody);
    const origin = publicOrigin(c, deps.settings);
    return ok(c, await scan.createQrCode(ctx, { ...facts(c), origin }));
  });

  api.get('/v2/wx/get_qr_status', async (c) => {
    const { ticket } = readQuery(c, schemas.statusQuery);
    const status = await scan.readStatus(ctx, facts(c), ticket);
    c.header('Cache-Control', 'no-store');
    return ok(c, status, status.status === 'bound' ? SUCCESS.loggedIn : undefined);
  });

  api.post('/v2/wx/userlogin', async (c) => {
    const body = await readJson(c, schemas.wxLoginBody);
    const input: scan.WxLoginInput =
      body.action === 'bind' ? { ticket: body.ticket, action: 'bind', ...loginCredentials(body) } : body;
    const result = await scan.wxLogin(ctx, facts(c), input);
    return ok(c, result.userInfo, SUCCESS[result.how]);
  });

  return api;
}
