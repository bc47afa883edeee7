/**
 * The scan-login calls: each handler reads its contract's validated input, calls one flow of server/scan-login/ and
 * answers the envelope.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { scanLoginOperations as ops } from '../../../shared/contract/scan-login';
import { SUCCESS } from '../../accounts/errors';
import { closingAnswer } from '../../accounts/sessions';
import { publicOrigin } from '../../http/request';
import { noteUser } from '../../ops/log';
import { createQrCode } from '../../scan-login/create';
import { readStatus } from '../../scan-login/status';
import { wxLogin } from '../../scan-login/wx-login';
import { type ApiDeps, flowContext } from '../deps';
import { nameFields, ok, requestFacts } from '../http';
import { route } from '../route';

nameFields({ action: /*i18n*/ '操作' });

export function scanLoginApi(deps: ApiDeps) {
  const ctx = flowContext(deps);
  const facts = (c: Context) => requestFacts(c, deps.settings);

  const api = new Hono();

  route(api, ops.createQrCode, async (c, input) => {
    await input.body();
    const origin = publicOrigin(c, deps.settings);
    return ok(c, await createQrCode(ctx, { ...facts(c), origin, userAgent: c.req.header('user-agent') }));
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
    const result = await wxLogin(ctx, facts(c), body);
    closingAnswer(result.userInfo);
    noteUser(c, result.userInfo.userId);
    return ok(c, result.userInfo, SUCCESS[result.how]);
  });

  return api;
}
