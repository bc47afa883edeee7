/**
 * Where a successful login goes: the workbench, or the `redirect` of the query when it is a path of this site
 * (the workbench sends visitors to `/login?redirect=<path>`). One rule for the browser's login and the server's
 * answer to a login posted without the script.
 */
import { type Locale, localizePath, stripLocale } from './locale';
import { AUTH_PATHS, firstSegment, PAGE_BY_SEGMENT } from './routes';

/** A page a phone may open that is not a sign-in page (the account page): a login may go back to it. */
const phonePage = (bare: string) => {
  const page = PAGE_BY_SEGMENT.get(firstSegment(bare));
  return Boolean(page?.phone && !page.auth);
};

/**
 * The redirect target when it is safe: a same-origin path (never `//host` or `/\host`), not an auth page.
 * On phones every other page leads back to registration (docs/product.md#routing-rules), so only the workbench
 * and the phone pages (the account page) are followed there.
 */
export function safeRedirect(
  redirect: unknown,
  options: { origin: string; workbenchUrl: string; isMobile: boolean },
): string | null {
  if (typeof redirect !== 'string' || !redirect.startsWith('/') || redirect.startsWith('//')) return null;
  if (redirect.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(redirect, options.origin);
  } catch {
    return null;
  }
  if (url.origin !== options.origin) return null;
  const bare = stripLocale(url.pathname);
  if (AUTH_PATHS.has(bare.replace(/\/$/, ''))) return null;
  if (options.isMobile && !bare.startsWith(stripLocale(options.workbenchUrl)) && !phonePage(bare)) return null;
  // Check the result, not only the input: the parser resolves dot segments and drops tabs and newlines, so a
  // harmless-looking `/.//evil.example` or `/a/..//evil.example` becomes the path `//evil.example`, which a
  // browser would follow to another host.
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (!isSameOriginPath(target, options.origin)) return null;
  return target;
}

/** A path that stays on `origin` when a browser follows it: one leading slash, then no slash or backslash. */
function isSameOriginPath(target: string, origin: string): boolean {
  if (!/^\/(?![/\\])/.test(target)) return false;
  try {
    return new URL(target, origin).origin === origin;
  } catch {
    return false;
  }
}

/** The workbench in the page's language (`/en/workbench/...` on English pages); other sites stay as they are. */
export function workbenchFor(workbenchUrl: string, locale: Locale): string {
  return workbenchUrl.startsWith('/') && !workbenchUrl.startsWith('//')
    ? localizePath(workbenchUrl, locale)
    : workbenchUrl;
}
