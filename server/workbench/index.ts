/**
 * The workbench landing. Login success leads to `settings.workbenchUrl`; the workbench is a
 * separate application, so when that URL is a path on this site the server answers it (and its /en twin)
 * with a plain signed-in page that stands in for it. A valid `Authorization` cookie is required; without one
 * the visitor goes to login with `?redirect=<path>`, and a dead token's cookie is cleared on the way.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { brands } from '../../shared/brand';
import { localeFromPath, localizePath } from '../../shared/locale';
import { sessionAccount, TOKEN_PATTERN } from '../accounts/sessions';
import { recordFirstWorkbench, type UserRow } from '../accounts/users';
import { translate } from '../api/catalog';
import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import { browserScript } from '../http/browser-script';
import { markup, serverPage } from '../http/html';
import { requestBrand, requestIsHttps } from '../http/request';

export interface WorkbenchDeps {
  settings: Settings;
  db: Database;
  now: () => Date;
}

/** The landing's paths: the configured workbench path in both languages, or none for an outside URL. */
export function workbenchPaths(workbenchUrl: string): string[] {
  if (!workbenchUrl.startsWith('/') || workbenchUrl.startsWith('//')) return [];
  const path = workbenchUrl.split(/[?#]/)[0];
  return [...new Set([localizePath(path, 'zh'), localizePath(path, 'en')])];
}

const LANDING_STYLE = `
  body { font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0; color: #1f2329; background: #f5f6f8; }
  main { max-width: 640px; margin: 80px auto; padding: 40px; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.06); }
  h1 { margin: 0 0 16px; font-size: 24px; }
  p { line-height: 1.6; }
  nav { display: flex; gap: 16px; margin-top: 24px; }
  a, button { font: inherit; font-size: 15px; padding: 8px 18px; border-radius: 6px; cursor: pointer; text-decoration: none; }
  a { color: #1f5af0; border: 1px solid #1f5af0; }
  button { color: #fff; background: #d81e44; border: 0; }
`;
async function landingPage(user: UserRow, brandName: string, locale: 'zh' | 'en') {
  const en = locale === 'en';
  const t = (id: string) => translate({ id, values: { brand: brandName } }, locale);
  const body = markup`<main>
  <h1>${brandName}</h1>
  <p data-testid="workbench-user">${t(/*i18n*/ '当前登录：')} <strong>${user.nickname}</strong></p>
  <p>${t(/*i18n*/ '此页面代替{brand}工作台（独立的应用，不属于本网站）。您已成功登录，工作台将在这里打开。')}</p>
  <nav><a href="${en ? '/en' : '/'}">${t(/*i18n*/ '返回首页')}</a><button type="button" id="logout" data-user="${user.nickname}" data-language="${en ? 'en' : 'zh-CN'}" data-login="${en ? '/en/login' : '/login'}" data-failed="${t(/*i18n*/ '退出失败')}">${t(/*i18n*/ '退出登录')}</button></nav>
</main>`;
  const title = t(/*i18n*/ '工作台 - {brand}');
  return serverPage({ lang: locale, title, style: LANDING_STYLE, body, script: await browserScript('logout') });
}

export function workbenchRoutes(deps: WorkbenchDeps) {
  const app = new Hono();
  const handle = async (c: Context) => {
    const path = new URL(c.req.url).pathname;
    const locale = localeFromPath(path);
    const brandId = requestBrand(c, deps.settings);
    const tenantId = brands[brandId].tenantId;
    const token = getCookie(c, 'Authorization');
    let user: UserRow | null = null;
    if (token && TOKEN_PATTERN.test(token)) user = await sessionAccount(deps.db, token, tenantId, deps.now());
    c.header('Cache-Control', 'private, no-store');
    if (!user) {
      const login = `${locale === 'en' ? '/en/login' : '/login'}?redirect=${encodeURIComponent(path)}`;
      if (token)
        c.header(
          'Set-Cookie',
          `Authorization=; Path=/; Max-Age=0; SameSite=Lax${requestIsHttps(c, deps.settings.trustProxy) ? '; Secure' : ''}`,
        );
      return c.redirect(login, 302);
    }
    if (!user.first_workbench_at) await recordFirstWorkbench(deps.db, user.id, deps.now());
    const landing = await landingPage(user, brands[brandId].name[locale], locale);
    return c.html(landing.html, 200, { 'Content-Security-Policy': landing.csp });
  };
  for (const path of workbenchPaths(deps.settings.workbenchUrl)) app.get(path, handle);
  return app;
}
