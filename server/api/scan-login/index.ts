/**
 * The scan login: create a login QR code, poll its status, and complete, bind or register with it.
 * Each call is declared once in shared/contract/scan-login.ts (path, schemas, documentation); its handler here
 * reads the validated input, calls one flow of server/scan-login/ and answers the envelope.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { scanLoginOperations as ops } from '../../../shared/contract/scan-login';
import { SUCCESS } from '../../accounts/errors';
import { publicOrigin } from '../../http/request';
import { noteUser } from '../../ops/log';
import { builtinCaptcha } from '../../providers/captcha/index';
import { createSmsSink } from '../../providers/sms/sink';
import type { ScanContext } from '../../scan-login/context';
import { createQrCode } from '../../scan-login/create';
import { readStatus } from '../../scan-login/status';
import { type WxLoginInput, wxLogin } from '../../scan-login/wx-login';
import { loginCredentials } from '../accounts/fields';
import type { ApiDeps } from '../deps';
import { nameFields, ok, requestFacts } from '../http';
import { route } from '../route';

nameFields({
  action: /*i18n*/ '操作',
});

/** One scan-login context per API (shared by the routes below and the fast path). */
const contexts = new WeakMap<ApiDeps, ScanContext>();

export function scanContextOf(deps: ApiDeps): ScanContext {
  let ctx = contexts.get(deps);
  if (!ctx) {
    ctx = {
      db: deps.db,
      now: deps.now,
      sms: deps.sms ?? createSmsSink({ now: deps.now }),
      captcha: deps.captcha ?? builtinCaptcha,
      messaging: deps.messaging,
      qrTtlSeconds: deps.settings.wx.qrTtlSeconds,
      limiter: deps.limiter,
    };
    contexts.set(deps, ctx);
  }
  return ctx;
}

export function scanLoginApi(deps: ApiDeps) {
  const ctx = scanContextOf(deps);
  const facts = (c: Context) => requestFacts(c, deps.settings);

  const api = new Hono();

  route(api, ops.createQrCode, async (c, input) => {
    await input.body();
    const origin = publicOrigin(c, deps.settings);
    return ok(c, await createQrCode(ctx, { ...facts(c), origin }));
  });

  route(api, ops.qrStatus, async (c, input) => {
    const { ticket } = input.query();
    const status = await readStatus(ctx, facts(c), ticket);
    c.header('Cache-Control', 'no-store');
    if (status.status === 'bound') noteUser(c, status.userInfo.userId);
    return ok(c, status, status.status === 'bound' ? SUCCESS.loggedIn : undefined);
  });

  route(api, ops.wxLogin, async (c, input) => {
    const body = await input.body();
    const login: WxLoginInput =
      body.action === 'bind' ? { ticket: body.ticket, action: 'bind', ...loginCredentials(body) } : body;
    const result = await wxLogin(ctx, facts(c), login);
    noteUser(c, result.userInfo.userId);
    return ok(c, result.userInfo, SUCCESS[result.how]);
  });

  return api;
}
