/**
 * Sign-in inside WeChat's browser (issue 34, item 3): GET /wx/oauth/start makes a scan-login ticket for this browser
 * and sends it to the official account's authorise page; GET /wx/oauth/callback takes the platform's `code` and
 * `state` back, finishes the ticket (server/scan-login/oauth.ts) and returns to the page with the ticket in the
 * fragment (`#wx_ticket=`), whose poll of it then shows the outcome (logged in, bind or register, banned). Redirects, not API calls: the
 * platform calls the callback with the browser.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { brands } from '../../shared/brand';
import { stripLocale } from '../../shared/locale';
import { clientAddress, publicOrigin, requestBrand, requestIsHttps } from '../http/request';
import { addressKey } from '../limits/address-key';
import { MemoryLimiter } from '../limits/memory-limiter';
import { log } from '../ops/log';
import { describeDevice } from '../scan-login/device';
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
function back(c: Context, returnPath: string | null, outcome: string, ticket?: string) {
  const target = new URL(returnPath ?? '/scan_code', 'http://x');
  target.searchParams.set('wx_oauth', outcome);
  return c.redirect(`${target.pathname}${target.search}${ticket ? `#wx_ticket=${ticket}` : ''}`, 302);
}

/** Authorisations one address may start (each makes a ticket row): as many as QR codes (limits/rules.ts). */
export const OAUTH_STARTS_PER_ADDRESS = [
  { limit: 10, windowSeconds: 60 },
  { limit: 60, windowSeconds: 3600 },
];

export function oauthRoutes(deps: PhonePagesDeps) {
  const app = new Hono();
  const noStore = (c: Context) => c.header('Cache-Control', 'no-store');
  const started = new MemoryLimiter(OAUTH_STARTS_PER_ADDRESS, 10_000);

  app.get(OAUTH_START_PATH, async (c) => {
    noStore(c);
    const messaging = deps.messaging;
    const requested = c.req.query('return') ?? '/scan_code';
    const returnPath = RETURN_PATHS.has(stripLocale(requested)) ? requested : '/scan_code';
    if (!messaging.oauthAuthorizeUrl || !messaging.oauthOpenId) return back(c, returnPath, 'unavailable');
    const ip = clientAddress(c, deps.settings.trustProxy);
    const wait = deps.settings.benchUnlimited ? 0 : started.hit(addressKey(ip), deps.now());
    if (wait) return back(c, returnPath, 'busy');
    const brandId = requestBrand(c, deps.settings);
    const begun = await startOAuth(deps.db, {
      tenantId: brands[brandId].tenantId,
      returnPath,
      ip,
      device: describeDevice(c.req.header('user-agent')),
      now: deps.now(),
    });
    setCookie(c, OAUTH_COOKIE, begun.cookie, {
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
        state: begun.state,
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
    // The page polls the ticket for the outcome: only this browser learns it (a fragment never leaves it).
    return back(c, taken.returnPath, outcome, outcome === 'expired' ? undefined : taken.ticket);
  });

  return app;
}
