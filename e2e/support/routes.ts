/** Every page route of docs/product.md#pages as a visitor reaches it on desktop (scan_code only exists on mobile). */
import { LOCALES as APP_LOCALES, type Locale, localizePath } from '../../shared/locale';
import { PAGES, type PageName } from '../../shared/routes';

/** Each section with the id of one of its articles (content/college). */
const COLLEGE_SECTIONS: [string, number][] = [
  ['ecommerce-intro', 1001],
  ['electricity', 2001],
  ['operate', 3001],
  ['release-record', 4001],
  ['test', 5001],
];
/** `/article/<kind>` shows a section: ecommerce → ecommerce-intro, operate → operate, report → release-record. */
const ARTICLE_KINDS: [string, number][] = [
  ['ecommerce', 1002],
  ['operate', 3002],
  ['report', 4002],
];

/** The paths each page of the route table is visited at (a new page needs its own here to compile). */
const VISITS: Record<PageName, string[]> = {
  home: [PAGES.home.path],
  login: [PAGES.login.path],
  register: [PAGES.register.path],
  forgetPassword: [PAGES.forgetPassword.path],
  // Desktop goes home from the scan page: its own tests visit it on a phone.
  scanCode: [],
  college: [
    PAGES.college.path,
    ...COLLEGE_SECTIONS.flatMap(([section, id]) => [
      `${PAGES.college.path}/${section}`,
      `${PAGES.college.path}/${section}/${id}`,
    ]),
  ],
  article: ARTICLE_KINDS.flatMap(([kind, id]) => [`/article/${kind}`, `/article/${kind}/${id}`]),
  electricityDetail: ['/electricity-detail', '/electricity-detail/2007'],
  siteMap: [PAGES.siteMap.path],
  // Signed in only (a visitor goes to login): e2e/specs/accounts-*.spec.ts visit it signed in.
  workbench: [],
  // Signed out it sends the visitor to the login: e2e/engines/account.journeys.ts visits it signed in.
  account: [],
};

/** Paths without the language prefix. */
export const PAGE_PATHS: string[] = Object.values(VISITS).flat();

export const LOCALES: readonly Locale[] = APP_LOCALES;

/** The app's own prefixing (zh none, en `/en`). */
export const localized = localizePath;

/** [locale, full path] for every route in both languages. */
export const ALL_PAGES: { locale: Locale; path: string }[] = LOCALES.flatMap((locale) =>
  PAGE_PATHS.map((path) => ({ locale, path: localized(path, locale) })),
);

/**
 * One page of each kind the site has: the college's sections (also /article/<kind> and /electricity-detail)
 * share one list template and one article template, measured here with two sections' pages each.
 */
export const DESKTOP_PAGES = [
  '/',
  '/login',
  '/register',
  '/forget_password',
  '/business-college',
  '/business-college/ecommerce-intro',
  '/business-college/ecommerce-intro/1001',
  '/business-college/operate/3001',
  '/electricity-detail/2007',
  '/site-map',
];
