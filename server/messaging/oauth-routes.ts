/**
 * Sign-in inside WeChat's browser (issue 34, item 3): GET /wx/oauth/start sends the browser to the official
 * account's authorise page for a scan-login ticket it created; GET /wx/oauth/callback takes the platform's `code`
 * and `state` back, finishes the ticket (server/scan-login/oauth.ts) and returns to the page, whose poll of the
 * same ticket then shows the outcome (logged in, bind or register, banned). Redirects, not API calls: the
 * platform calls the callback with the browser.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { brands } from '../../shared/brand';
import { TICKET_PATTERN } from '../../shared/contract/scan-login';
import { stripLocale } from '../../shared/locale';
import { publicOrigin, requestBrand, requestIsHttps } from '../http/request';
import { log } from '../ops/log';
import {
  finishOAuth,
  OAUTH_COOKIE,
  OAUTH_STATE_SECONDS,
  STATE_PATTERN,
  startOAuth,
  takeState,
} from '../scan-login/oauth';
import type { PhonePagesDeps } from './types';

/** The pages that start it (and get the browser back): the phone's login and /scan_code, in either language. */
const RETURN_PATHS = new Set(['/login', '/scan_code']);
export const OAUTH_START_PATH = '/wx/oauth/start';
export const OAUTH_CALLBACK_PATH = '/wx/oauth/callback';

/** The page to go back to, with `wx_oauth=<outcome>` (the page resumes its ticket's poll, or says what failed). */
function back(c: Context, returnPath: string | null, outcome: string) {
  const target = new URL(returnPath ?? '/scan_code', 'http://x');
  target.searchParams.set('wx_oauth', outcome);
  return c.redirect(`${target.pathname}${target.search}`, 302);
}

export function oauthRoutes(deps: PhonePagesDeps) {
  const app = new Hono();
  const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

  app.get(OAUTH_START_PATH, async (c) => {
    noStore(c);
    const messaging = deps.messaging;
    const requested = c.req.query('return') ?? '/scan_code';
    const returnPath = RETURN_PATHS.has(stripLocale(requested)) ? requested : '/scan_code';
    const ticket = c.req.query('ticket') ?? '';
    if (!messaging.oauthAuthorizeUrl || !messaging.oauthOpenId) return back(c, returnPath, 'unavailable');
    if (!TICKET_PATTERN.test(ticket)) return back(c, returnPath, 'expired');
    const brandId = requestBrand(c, deps.settings);
    const started = await startOAuth(deps.db, {
      tenantId: brands[brandId].tenantId,
      ticket,
      returnPath,
      now: deps.now(),
    });
    if (started.kind !== 'started') return back(c, returnPath, 'expired');
    setCookie(c, OAUTH_COOKIE, started.cookie, {
      path: '/wx/oauth',
      httpOnly: true,
      sameSite: 'Lax',
      secure: requestIsHttps(c, deps.settings.trustProxy),
      maxAge: OAUTH_STATE_SECONDS,
    });
    const origin = publicOrigin(c, deps.settings);
    const language = stripLocale(returnPath) === returnPath ? 'zh' : 'en';
    return c.redirect(
      messaging.oauthAuthorizeUrl({
        brandId,
        redirectUri: `${origin}${OAUTH_CALLBACK_PATH}`,
        state: started.state,
        origin,
        language,
      }),
      302,
    );
  });

  app.get(OAUTH_CALLBACK_PATH, async (c) => {
    noStore(c);
    const messaging = deps.messaging;
    const state = c.req.query('state') ?? '';
    const code = c.req.query('code');
    if (!messaging.oauthOpenId || !STATE_PATTERN.test(state)) return back(c, null, 'expired');
    const brandId = requestBrand(c, deps.settings);
    const tenantId = brands[brandId].tenantId;
    const taken = await takeState(deps.db, { tenantId, state, cookie: getCookie(c, OAUTH_COOKIE), now: deps.now() });
    if (taken.kind === 'refused') return back(c, taken.returnPath, 'expired');
    deleteCookie(c, OAUTH_COOKIE, { path: '/wx/oauth' });
    // No code: the visitor declined (snsapi_base asks nothing, but a platform may still answer so).
    if (!code || code.length > 512) return back(c, taken.returnPath, 'cancelled');
    let openId: string;
    try {
      openId = await messaging.oauthOpenId(brandId, code);
    } catch (error) {
      log.warn({ err: error }, '[wx-oauth] the code exchange failed');
      return back(c, taken.returnPath, 'failed');
    }
    const outcome = await finishOAuth(deps.db, { tenantId, ticketHash: taken.ticketHash, openId, now: deps.now() });
    return back(c, taken.returnPath, outcome);
  });

  return app;
}
