/**
 * Routing rules of docs/product.md#pages, shared by the server (before rendering) and the client router, with the pages each
 * applies to in the route table (./routes.ts, `phone` and `desktop`):
 * - on mobile, every route but the phone pages (login, register, scan_code, account) goes to register, keeping the locale
 *   prefix, the rest of the path and the query;
 * - on desktop, a page not shown there (scan_code) goes to home.
 */
import { localeFromPath, localizePath, stripLocale } from './locale';
import { firstSegment, PAGE_BY_SEGMENT, PAGES } from './routes';

/** Where a request for `pathname` + `search` must go instead, or null when it may render. */
export function pageRedirect(pathname: string, search: string, isMobile: boolean): string | null {
  const locale = localeFromPath(pathname);
  const bare = stripLocale(pathname);
  const head = firstSegment(bare);
  if (isMobile) {
    if (PAGE_BY_SEGMENT.get(head)?.phone) return null;
    // "Keeping the rest of the original path": /business-college/operate/3 → /register/business-college/operate/3
    // would be an unknown route, so the rest travels in the query as `redirect` alongside the original query.
    const params = new URLSearchParams(search);
    if (bare !== '/') params.set('redirect', bare);
    const query = params.toString();
    return `${localizePath(PAGES.register.path, locale)}${query ? `?${query}` : ''}`;
  }
  if (PAGE_BY_SEGMENT.get(head)?.desktop === false) return localizePath(PAGES.home.path, locale);
  return null;
}
