/**
 * Which public pages show college data (dropped from the page cache when the college changes), and which of them
 * are an article (a view is counted for those). Paths are with or without the `/en` prefix.
 */
import { ARTICLE_KINDS, COLLEGE_SECTIONS } from '../../shared/college-sections';

const COLLEGE_PAGE = /^(?:\/en)?\/(?:business-college|article|electricity-detail|site-map)(?:[/?]|$)/;

/** A page whose HTML holds college data: the college, its sections and articles, the other article routes, the site map. */
export function isCollegePage(target: string): boolean {
  return COLLEGE_PAGE.test(target);
}

/** The page target of an HTML cache key (server/pages/render.ts `pageInputs`: the target is its eighth field). */
export function isCollegePageKey(key: string): boolean {
  const fields = key.split('|');
  return isCollegePage(fields.slice(7).join('|'));
}

const ARTICLE_PAGE = new RegExp(
  `^(?:/en)?/(?:business-college/(?:${COLLEGE_SECTIONS.join('|')})|article/(?:${ARTICLE_KINDS.join('|')})|electricity-detail)/([1-9]\\d{0,8})/?$`,
);

/** The article id of an article page's path (without its query), or null. */
export function articleIdOfPath(path: string): number | null {
  const match = ARTICLE_PAGE.exec(path);
  return match ? Number(match[1]) : null;
}

const PREVIEW_PAGE = /^(?:\/en)?\/business-college\/preview\/[^/]+\/?$/;

/** A draft's preview page (`/business-college/preview/<token>`): rendered for each request, never stored. */
export function isPreviewPage(path: string): boolean {
  return PREVIEW_PAGE.test(path);
}
