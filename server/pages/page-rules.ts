/** The redirects before a render: the language of "/" (docs/product.md#states), the device rules (#routing-rules). */
import type { Context } from 'hono';
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import { isMobileUserAgent } from '../../shared/device';
import { isLocale, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Locale, pickBrowserLocale } from '../../shared/locale';
import { pageRedirect } from '../../shared/page-rules';

/** One cookie of the request, from the header (not `getCookie`): the Node fast path's context is bare. */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = c.req.header('cookie');
  return header ? parse(header, name)[name] : undefined;
}

/** A site-wide Lax cookie kept `days` days, Secure over HTTPS. */
export function siteCookie(name: string, value: string, days: number, secure: boolean): string {
  return generateCookie(name, value, { path: '/', maxAge: days * 24 * 3600, sameSite: 'Lax', secure });
}

/** The language of "/": a valid cookie, else the browser's language; and the cookie to set if none. */
export function rootLanguage(c: Context, https: boolean): { locale: Locale; setCookie?: string } {
  const cookie = requestCookie(c, LANGUAGE_COOKIE);
  if (isLocale(cookie)) return { locale: cookie };
  const locale = pickBrowserLocale(c.req.header('accept-language')) ?? 'zh';
  return { locale, setCookie: siteCookie(LANGUAGE_COOKIE, locale, LANGUAGE_COOKIE_DAYS, https) };
}

/** The redirect a page request gets, or none; and the language cookie "/" sets either way. */
export function pageRules(c: Context, url: URL, https: boolean): { redirect?: Response; setCookie?: string } {
  let pathname = url.pathname;
  let setCookie: string | undefined;
  // The prefix decides the language, but on exactly "/".
  if (pathname === '/') {
    const language = rootLanguage(c, https);
    setCookie = language.setCookie;
    if (language.locale === 'en') pathname = '/en';
  }
  const isMobile = isMobileUserAgent(c.req.header('user-agent') ?? '');
  const target =
    pageRedirect(pathname, url.search, isMobile) ?? (pathname !== url.pathname ? `${pathname}${url.search}` : null);
  if (!target) return { setCookie };
  const headers = new Headers({
    Location: target,
    'Cache-Control': 'no-cache',
    Vary: url.pathname === '/' ? 'User-Agent, Cookie, Accept-Language' : 'User-Agent',
  });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return { redirect: new Response(null, { status: 302, headers }), setCookie };
}
