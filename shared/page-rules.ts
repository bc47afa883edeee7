/**
 * Routing rules of spec §2, shared by the server (before rendering) and the client router:
 * - on mobile, every route but login, register and scan_code goes to register, keeping the locale prefix,
 *   the rest of the path and the query;
 * - on desktop, scan_code goes to home.
 */
import { localeFromPath, localizePath, stripLocale } from './locale';

const MOBILE_ALLOWED = new Set(['/login', '/register', '/scan_code']);

function firstSegment(bare: string): string {
  const match = /^\/[^/]*/.exec(bare);
  return match ? match[0] : '/';
}

/** Where a request for `pathname` + `search` must go instead, or null when it may render. */
export function pageRedirect(pathname: string, search: string, isMobile: boolean): string | null {
  const locale = localeFromPath(pathname);
  const bare = stripLocale(pathname);
  const head = firstSegment(bare);
  if (isMobile) {
    if (MOBILE_ALLOWED.has(head)) return null;
    // "Keeping the rest of the original path": /business-college/operate/3 → /register/business-college/operate/3
    // would be an unknown route, so the rest travels in the query as `redirect` alongside the original query.
    const params = new URLSearchParams(search);
    if (bare !== '/') params.set('redirect', bare);
    const query = params.toString();
    return `${localizePath('/register', locale)}${query ? `?${query}` : ''}`;
  }
  if (head === '/scan_code') return localizePath('/', locale);
  return null;
}
