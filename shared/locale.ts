/**
 * Languages (docs/product.md#states): zh has no URL prefix, en lives under `/en`. The routed default is zh.
 */
export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh';

/** Cookie and storage keys and lifetimes (docs/product.md#data, #constants). */
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return value === 'zh' || value === 'en';
}

/** The language a path is in: `/en` and `/en/...` are English, everything else Chinese. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'zh';
}

/** The path without its language prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  if (pathname === '/en') return '/';
  if (pathname.startsWith('/en/')) return pathname.slice(3);
  return pathname || '/';
}

/** The same page in another language. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === 'zh') return bare;
  return bare === '/' ? '/en' : `/en${bare}`;
}

/**
 * The first supported language in a browser's preference list (an `Accept-Language` header or
 * `navigator.languages`), or undefined when none is supported.
 */
export function pickBrowserLocale(preferences: string | readonly string[] | undefined | null): Locale | undefined {
  if (!preferences) return undefined;
  const list =
    typeof preferences === 'string'
      ? preferences
          .split(',')
          .map((part) => {
            const [tag, ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
          })
          .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
          .sort((a, b) => b.q - a.q)
          .map((entry) => entry.tag)
      : preferences;
  for (const tag of list) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'zh') return 'zh';
    if (primary === 'en') return 'en';
  }
  return undefined;
}
