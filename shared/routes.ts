/**
 * The site's pages (docs/product.md#pages), one entry each, without the language prefix (`/en` for English).
 * The router's paths (src/routes/pages.tsx), the sitemap, the metrics' route templates, the auth pages, the phone
 * rules (./page-rules.ts) and the browser tests' page list all come from this table; a use that must say
 * something of every page is a `Record<PageName, …>`, so a new page does not compile until each use knows it.
 */
export interface PageRoute {
  /** The router's path: `$name` a parameter, `{-$name}` an optional one (TanStack Router's syntax). */
  path: string;
  /** The template of the paths below `path` (the college's sections and articles), for the metrics' label. */
  deeper?: string;
  /** A sign-in page: never where a login sends the visitor back to. */
  auth: boolean;
  /** Shown on phones; a phone asking for any other page goes to registration. */
  phone: boolean;
  /** Shown on desktop; desktop asking for the page goes home. */
  desktop: boolean;
  /** Listed in /sitemap.xml as it is (pages with parameters list their content themselves). */
  sitemap: boolean;
  /** Only for a signed-in seller: the server sends anyone else to login (server/workbench/). */
  signedIn?: true;
}

export const PAGES = {
  home: { path: '/', auth: false, phone: false, desktop: true, sitemap: true },
  login: { path: '/login', auth: true, phone: true, desktop: true, sitemap: true },
  register: { path: '/register', auth: true, phone: true, desktop: true, sitemap: true },
  forgetPassword: { path: '/forget_password', auth: true, phone: false, desktop: true, sitemap: true },
  scanCode: { path: '/scan_code', auth: true, phone: true, desktop: false, sitemap: false },
  college: {
    path: '/business-college',
    deeper: '/business-college/$section/{-$id}',
    auth: false,
    phone: false,
    desktop: true,
    sitemap: true,
  },
  article: { path: '/article/$kind/{-$id}', auth: false, phone: false, desktop: true, sitemap: false },
  electricityDetail: { path: '/electricity-detail/{-$id}', auth: false, phone: false, desktop: true, sitemap: false },
  siteMap: { path: '/site-map', auth: false, phone: false, desktop: true, sitemap: true },
  // The landing after sign-in (WORKBENCH_URL's default; server/workbench/ checks the session first): shown on phones
  // too, where it says to continue on a computer, so a signed-in seller is never sent back to registration.
  workbench: {
    path: '/workbench/function_introduction',
    auth: false,
    phone: true,
    desktop: true,
    sitemap: false,
    signedIn: true,
  },
  // The seller's own account (signed out: the login, which comes back): on phones too, so an account can be
  // managed or closed from one.
  account: { path: '/account', auth: false, phone: true, desktop: true, sitemap: false, signedIn: true },
} as const satisfies Record<string, PageRoute>;

export type PageName = keyof typeof PAGES;

const routes: PageRoute[] = Object.values(PAGES);

/** The first segment of a path without its language prefix (`/` for home). */
export function firstSegment(bare: string): string {
  return /^\/[^/]*/.exec(bare)?.[0] ?? '/';
}

/** The pages by their first segment (the one a path of theirs starts with). */
export const PAGE_BY_SEGMENT: ReadonlyMap<string, PageRoute> = new Map(
  routes.map((page) => [firstSegment(page.path), page]),
);

/** The sign-in pages' paths. */
export const AUTH_PATHS: ReadonlySet<string> = new Set(routes.filter((page) => page.auth).map((page) => page.path));

/** The pages /sitemap.xml lists as they are. */
export const SITEMAP_PATHS: readonly string[] = routes.filter((page) => page.sitemap).map((page) => page.path);

/** The path of a page a phone may open without signing in. */
export type PhonePath = {
  [K in PageName]: (typeof PAGES)[K] extends { phone: true; signedIn: true }
    ? never
    : (typeof PAGES)[K]['phone'] extends true
      ? (typeof PAGES)[K]['path']
      : never;
}[PageName];

/** The pages a phone may open without signing in, registration first (a phone is sent there from any other page). */
export const PHONE_PATHS = routes
  .filter((page) => page.phone && !page.signedIn)
  .map((page) => page.path as PhonePath)
  .sort((a, b) => Number(b === PAGES.register.path) - Number(a === PAGES.register.path));
