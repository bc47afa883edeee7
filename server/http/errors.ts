/**
 * What an unexpected error becomes: one log line, then the API's JSON envelope or the 500 page
 * (docs/product.md#errors-and-messages) in the request's language and brand, written without React or script so
 * it shows when the renderer itself failed.
 */

import type { Context } from 'hono';
import { brands } from '../../shared/brand';
import { localeFromPath, localizePath } from '../../shared/locale';
import { translate } from '../api/catalog';
import { requestLanguage } from '../api/http';
import type { Settings } from '../config/settings';
import { isDatabaseUnavailable } from '../db/unavailable';
import { log } from '../ops/log';
import { clientWentAway } from './client-gone';
import { markup, serverPage } from './html';
import { requestBrand } from './request';

/**
 * Logs an unexpected error with its request (the one place, so the logger can change here); true, after a warning
 * with the reason and no stack, when the database cannot be reached.
 */
function logFailure(c: Context, error: unknown): boolean {
  const request = { reqId: c.get('requestId' as never), method: c.req.method, path: new URL(c.req.url).pathname };
  const unavailable = isDatabaseUnavailable(error);
  if (!unavailable) log.error({ err: error, ...request }, 'server error');
  else log.warn({ ...request, reason: error instanceof Error ? error.message : String(error) }, 'database unavailable');
  return unavailable;
}

/** What a 503 asks the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** The API's envelope for an unexpected error, logged: 503 while the database is unreachable, else 500; no detail. */
export function apiServerError(c: Context, error: unknown) {
  const status = logFailure(c, error) ? 503 : 500;
  const text = status === 503 ? /*i18n*/ '服务暂时不可用，请稍后再试' : /*i18n*/ '服务器开小差了，请稍后再试';
  return c.json({ code: status, message: translate(text, requestLanguage(c)) }, status, {
    'Cache-Control': 'no-store',
    ...(status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}),
  });
}

/** The spec's text, shown as it is in both languages (as the React error page does). */
const SERVER_ERROR_TEXT = 'Unknown middleware';

const TEXT = { hint: /*i18n*/ '页面出了点问题，请刷新后重试。', home: /*i18n*/ '返回首页' };

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; color: #1f2329; }
  main { min-height: 60vh; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px; padding: 40px; text-align: center; }
  .status { font-size: 72px; font-weight: 700; margin: 0; }
  h1 { font-size: 22px; margin: 0; }
  .hint { margin: 0; color: #5c6370; }
  .home { margin-top: 12px; padding: 10px 24px; border-radius: 8px; color: #fff; text-decoration: none; }
${Object.values(brands)
  .map(
    (brand) => `  [data-brand="${brand.id}"] .status { color: ${brand.accent}; }
  [data-brand="${brand.id}"] .home { background: ${brand.accent}; }`,
  )
  .join('\n')}
`;
/** What the 503 page says instead (the database, or something else the page needs, is unreachable for now). */
const UNAVAILABLE_TEXT = { title: /*i18n*/ '服务暂时不可用', hint: /*i18n*/ '请稍后刷新重试。' };

/** The 500 (or 503) page for the request's path (its language) and host (its brand); never cached. */
function serverErrorPage(
  c: Context,
  settings: Pick<Settings, 'brand2HostMarker' | 'brand2Port'>,
  status: 500 | 503 = 500,
) {
  const locale = localeFromPath(new URL(c.req.url).pathname);
  const brand = brands[requestBrand(c, settings)];
  const hint = translate(status === 503 ? UNAVAILABLE_TEXT.hint : TEXT.hint, locale);
  const heading = status === 503 ? translate(UNAVAILABLE_TEXT.title, locale) : SERVER_ERROR_TEXT;
  const page = serverPage({
    lang: locale,
    title: `${status} - ${brand.name[locale]}`,
    style: STYLE,
    brand: brand.id,
    head: markup`\n<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    body: markup`<main>
  <p class="status">${status}</p>
  <h1 lang="${status === 503 ? (locale === 'zh' ? 'zh-CN' : 'en') : 'en'}">${heading}</h1>
  <p class="hint">${hint}</p>
  <a class="home" href="${localizePath('/', locale)}">${translate(TEXT.home, locale)}</a>
</main>`,
  });
  return c.html(page.html, status, {
    'Cache-Control': 'no-store',
    ...(status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}),
    'Content-Security-Policy': page.csp,
  });
}

/** `app.onError`: the envelope or the 500 page, logged; 503 (a warning, no stack) when the database is unreachable. */
export function handleServerError(settings: Pick<Settings, 'brand2HostMarker' | 'brand2Port'>) {
  return (error: unknown, c: Context) => {
    // A client that hung up is not a server fault: nobody reads this answer, and nothing is logged.
    if (clientWentAway(c, error)) return c.body(null, 400);
    const path = new URL(c.req.url).pathname;
    if (path === '/api' || path.startsWith('/api/')) return apiServerError(c, error);
    return serverErrorPage(c, settings, logFailure(c, error) ? 503 : 500);
  };
}
