/**
 * The simulator's side of the official account's web authorisation (issue 34, item 3): the authorise page
 * (/wx-sim/oauth/authorize: pick one of this browser's simulated identities or make a new one, then "Allow") and the
 * code it sends back, which the simulator provider exchanges for the open id (server/providers/messaging/simulator.ts).
 * It sends the browser back only to this server's own /wx/oauth/callback.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { brands } from '../../../shared/brand';
import { nickname as nicknameRule } from '../../../shared/contract/accounts';
import { markup, raw } from '../../http/html';
import { requestBrand } from '../../http/request';
import { SIM_OAUTH_CODE_SECONDS, simulatorOAuthCode } from '../../providers/messaging/simulator';
import { readForm, sameOrigin } from '../forms';
import { type Lang, page, pageLanguage, sendPage } from '../html';
import type { PhonePagesDeps } from '../types';
import { identityList } from './page';
import { createIdentity, listIdentities, NICKNAME_MAX, newOpenId, OPEN_ID, ownsIdentity } from './repository';
import { simulatorOwner } from './routes';
import { T } from './text';

export const SIM_AUTHORIZE_PATH = '/wx-sim/oauth/authorize';
const STATE = /^[\w-]{1,128}$/;

/** The callback address, if it is this server's own /wx/oauth/callback. */
function ownCallback(c: Context, redirectUri: string | null | undefined): URL | null {
  if (!redirectUri) return null;
  try {
    const url = new URL(redirectUri);
    const here = new URL(c.req.url);
    const host = c.req.header('host') ?? here.host;
    return url.host === host && url.pathname === '/wx/oauth/callback' && !url.search ? url : null;
  } catch {
    return null;
  }
}

async function authorizePage(
  c: Context,
  deps: PhonePagesDeps,
  input: { lang: Lang; redirectUri: string; state: string; error?: string },
  status: 200 | 400 = 200,
) {
  const t = T[input.lang];
  const brandId = requestBrand(c, deps.settings);
  const owner = simulatorOwner(c, deps, true) as string;
  const rows = await listIdentities(deps.db, brands[brandId].tenantId, owner);
  const header = markup`<header><h1>${t.authorizeTitle}</h1><p>${t.subtitle} · ${brands[brandId].name[input.lang]}</p></header>`;
  const body = markup`<p class="notice" data-testid="sim-warning">${t.warning}</p>
<section aria-labelledby="choose-title">
<form method="post" action="${SIM_AUTHORIZE_PATH}" novalidate>
  <input type="hidden" name="redirect_uri" value="${input.redirectUri}">
  <input type="hidden" name="state" value="${input.state}">
  <input type="hidden" name="lang" value="${input.lang}">
  <fieldset>
    <legend id="choose-title">${t.authorizeIntro}</legend>
    <div id="identities">${identityList(rows, input.lang)}</div>
    <label for="nickname">${t.nickname}</label>
    <input type="text" id="nickname" name="nickname" maxlength="${NICKNAME_MAX}" autocomplete="off" value="" aria-describedby="nickname-hint">
    <span id="nickname-hint" class="meta">${t.nicknameHint}</span>
  </fieldset>
  <button type="submit" class="primary" data-testid="sim-authorize">${t.authorize}</button>
  <p class="error" role="alert" data-testid="sim-error">${input.error ?? raw('')}</p>
</form>
</section>`;
  return sendPage(c, page({ lang: input.lang, title: t.authorizeTitle, header, body }), status);
}

export function simulatorOAuthRoutes(deps: PhonePagesDeps) {
  const app = new Hono();
  const enabled = () => deps.messaging.kind === 'simulator';
  const notFound = (c: Context) => c.text('Not found', 404, { 'Cache-Control': 'no-store' });

  app.get(SIM_AUTHORIZE_PATH, async (c) => {
    if (!enabled()) return notFound(c);
    const lang = pageLanguage(c);
    const redirect = ownCallback(c, c.req.query('redirect_uri'));
    const state = c.req.query('state') ?? '';
    const valid =
      redirect &&
      STATE.test(state) &&
      c.req.query('response_type') === 'code' &&
      c.req.query('scope') === 'snsapi_base';
    if (!valid)
      return sendPage(
        c,
        page({ lang, title: T[lang].authorizeTitle, body: markup`<p class="error" role="alert">${T[lang].bad}</p>` }),
        400,
      );
    return authorizePage(c, deps, { lang, redirectUri: redirect.toString(), state });
  });

  app.post(SIM_AUTHORIZE_PATH, async (c) => {
    if (!enabled()) return notFound(c);
    const form = sameOrigin(c) ? await readForm(c) : null;
    const lang = pageLanguage(c, form?.get('lang') ?? null);
    const t = T[lang];
    const redirect = ownCallback(c, form?.get('redirect_uri'));
    const state = form?.get('state') ?? '';
    if (!form || !redirect || !STATE.test(state))
      return sendPage(
        c,
        page({ lang, title: t.authorizeTitle, body: markup`<p class="error" role="alert">${t.bad}</p>` }),
        400,
      );
    const tenantId = brands[requestBrand(c, deps.settings)].tenantId;
    const identity = form.get('identity');
    const now = deps.now();
    let openId: string;
    if (identity && identity !== 'new') {
      const owner = simulatorOwner(c, deps, false);
      // Another browser's identity is refused like one that does not exist.
      if (!OPEN_ID.test(identity) || !owner || !(await ownsIdentity(deps.db, tenantId, identity, owner)))
        return authorizePage(c, deps, { lang, redirectUri: redirect.toString(), state, error: t.unknown }, 400);
      openId = identity;
    } else {
      const nickname = z
        .string()
        .pipe(nicknameRule)
        .safeParse(form.get('nickname') ?? '');
      if (!nickname.success)
        return authorizePage(c, deps, { lang, redirectUri: redirect.toString(), state, error: t.needNickname }, 400);
      openId = newOpenId();
      const owner = simulatorOwner(c, deps, true);
      await createIdentity(deps.db, { tenantId, openId, nickname: nickname.data, now, ownerHash: owner });
    }
    const secret = await deps.messaging.webhookToken(tenantId);
    const code = simulatorOAuthCode(secret, openId, new Date(now.getTime() + SIM_OAUTH_CODE_SECONDS * 1000));
    redirect.search = new URLSearchParams({ code, state }).toString();
    return c.redirect(redirect.toString(), 302);
  });

  return app;
}
