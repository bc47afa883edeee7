/** Every page route of spec §2 as a visitor reaches it on desktop (scan_code only exists on mobile). */
import { LOCALES as APP_LOCALES, type Locale, localizePath } from '../../src/lib/locale';

const COLLEGE_SECTIONS = ['ecommerce-intro', 'electricity', 'operate', 'release-record', 'test'];
const ARTICLE_KINDS = ['ecommerce', 'operate', 'report'];

/** Paths without the language prefix. */
export const PAGE_PATHS: string[] = [
  '/',
  '/login',
  '/register',
  '/forget_password',
  '/business-college',
  ...COLLEGE_SECTIONS.flatMap((section) => [`/business-college/${section}`, `/business-college/${section}/1`]),
  ...ARTICLE_KINDS.flatMap((kind) => [`/article/${kind}`, `/article/${kind}/1`]),
  '/electricity-detail',
  '/electricity-detail/7',
];

export const LOCALES: readonly Locale[] = APP_LOCALES;

/** The app's own prefixing (zh none, en `/en`). */
export const localized = localizePath;

/** [locale, full path] for every route in both languages. */
export const ALL_PAGES: { locale: Locale; path: string }[] = LOCALES.flatMap((locale) =>
  PAGE_PATHS.map((path) => ({ locale, path: localized(path, locale) })),
);
