/**
 * The page routes of docs/product.md#pages (their paths from the route table, shared/routes.ts), each in zh (no prefix) and en
 * (`/en`) through the `{-$locale}` layout.
 * Page components load with their route (code-split), so the first load of `/` carries only the home page.
 */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent, redirect, useMatch } from '@tanstack/react-router';
import { ARTICLE_KINDS, COLLEGE_SECTIONS, type CollegeSection } from '#shared/college-sections';
import { type Locale, localizePath } from '#shared/locale';
import { PAGES } from '#shared/routes';
import { readStoredSession } from '~/app/session';
import type { CollegeLoaderInput, CollegePageData } from '~/features/college/loaders';
import type { SiteMapData } from '~/features/college/site-map';
import { guardChunk } from '~/lib/chunk-reload';
import { i18nFor } from '~/lib/i18n';
import { localeRoute } from './locale';
import { rootRoute } from './root';
import { type ArticleTimes, type Crumb, headTags, pageHead } from './seo';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The source module of the route's page, so the server can link its CSS and preload its chunk. */
    module?: string;
    /** Source modules the page starts loading as it hydrates: preloaded by its HTML as well. */
    preload?: string[];
  }
}

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(guardChunk(load), name);

export const homeRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.home.path,
  head: (ctx) =>
    pageHead(
      ctx,
      msg`达人建联工具 · 批量邀约、私信与邮件`,
      msg({
        message:
          '面向短视频电商卖家的达人建联工具：{creators}带货达人库、批量邀约与私信、达人邮件群发、AI 多语言回复，支持 Windows 客户端与浏览器插件，免费试用。',
      }),
    ),
  staticData: { module: 'src/features/home/home-page.tsx' },
  component: page(() => import('~/features/home/home-page'), 'HomePage'),
});

export const loginRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.login.path,
  head: (ctx) => pageHead(ctx, msg`登录`, msg`登录账号，或快速注册领取免费试用权益。`),
  staticData: { module: 'src/features/auth/login-page.tsx' },
  component: page(() => import('~/features/auth/login-page'), 'LoginPage'),
});

export const registerRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.register.path,
  head: (ctx) => pageHead(ctx, msg`注册`, msg`手机号快速注册，立即领取免费试用权益。`),
  staticData: { module: 'src/features/auth/register-page.tsx' },
  component: page(() => import('~/features/auth/register-page'), 'RegisterPage'),
});

export const forgetPasswordRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.forgetPassword.path,
  head: (ctx) => pageHead(ctx, msg`找回密码`, msg`通过手机验证码重设账号密码。`),
  staticData: { module: 'src/features/auth/forget-password-page.tsx' },
  component: page(() => import('~/features/auth/forget-password-page'), 'ForgetPasswordPage'),
});

export const scanCodeRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.scanCode.path,
  head: (ctx) => pageHead(ctx, msg`扫码登录`, msg`使用微信扫码登录或注册。`),
  // The page's content is the QR code: the machine and the HTTP client that ask for it are preloaded with the page.
  staticData: {
    module: 'src/features/auth/scan-login/scan-code-page.tsx',
    preload: ['src/features/auth/scan-login/scan-runtime.ts', 'src/lib/api/client.ts'],
  },
  component: page(() => import('~/features/auth/scan-login/scan-code-page'), 'ScanCodePage'),
});

/**
 * The seller's own account. Signed out (no session cookie: the server's `signedIn`, the browser's cookie), it is the
 * login's, which comes back here.
 */
export const accountRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.account.path,
  beforeLoad: ({ context, params }) => {
    const signedIn = typeof window === 'undefined' ? context.env.signedIn === true : Boolean(readStoredSession().token);
    if (signedIn) return;
    const locale = params.locale === 'en' ? 'en' : 'zh';
    throw redirect({
      href: `${localizePath(PAGES.login.path, locale)}?redirect=${localizePath(PAGES.account.path, locale)}`,
    });
  },
  // One seller's page: never in a search index.
  head: (ctx) =>
    pageHead(ctx, msg`账号设置`, msg`管理账号资料、密码、手机号、微信绑定和登录设备，下载个人数据或注销账号。`, {
      noindex: true,
    }),
  staticData: { module: 'src/features/account/account-page.tsx' },
  component: page(() => import('~/features/account/account-page'), 'AccountPage'),
});

/** The landing after sign-in (the server renders it for the signed-in seller only: server/workbench/). */
export const workbenchRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.workbench.path,
  // One seller's page: never in a search index.
  head: (ctx) =>
    pageHead(ctx, msg`工作台`, msg`登录后的第一步：下载客户端或插件、管理账号、阅读入门文章。`, { noindex: true }),
  staticData: { module: 'src/features/home/landing-page.tsx' },
  component: page(() => import('~/features/home/landing-page'), 'LandingPage'),
});

type HeadContext = Parameters<typeof pageHead>[0];

/**
 * The college's head tags: the loader's title and description (and an article's times) when it has them; the RSS
 * feeds of the college and of the page's section; `noindex` on a draft's preview.
 */
function collegeHead(
  ctx: HeadContext & {
    loaderData?: {
      section?: CollegeSection | null;
      head: { title: string; description: string; article?: ArticleTimes; breadcrumb?: Crumb[]; noindex?: boolean };
    };
  },
) {
  const text = ctx.loaderData?.head;
  const tags = text
    ? headTags(ctx, text, { article: text.article, breadcrumb: text.breadcrumb, noindex: text.noindex })
    : pageHead(ctx, msg`商学院`, msg`跨境短视频电商卖家的达人营销知识库：找达人、写邀约、做运营、看更新。`);
  const { origin, locale } = ctx.match.context;
  const i18n = i18nFor(locale);
  const section = ctx.loaderData?.section ?? null;
  const feed = (path: string, title: string) => ({
    rel: 'alternate',
    type: 'application/rss+xml',
    title,
    href: `${origin}${localizePath(path, locale)}`,
  });
  const feeds = [
    feed('/business-college/feed.xml', i18n._(msg`商学院 RSS 订阅`)),
    ...(section ? [feed(`/business-college/${section}/feed.xml`, i18n._(msg`本栏目 RSS 订阅`))] : []),
  ];
  return {
    ...tags,
    links: [...tags.links, ...feeds],
  };
}

// Every college page (index, sections, /article/*, /electricity-detail) is one lazily loaded component; its
// data comes from a loader whose code is imported on demand too (nothing of it is in the first load of `/`).
const COLLEGE_MODULE = 'src/features/college/college-page.tsx';
const CollegeChunk = page(() => import('~/features/college/college-page'), 'CollegePage');

/**
 * Reads the loader's data here and hands it to the lazily loaded page. The router's store hooks stay out of
 * the page's chunk: importing them there makes the bundler split the first-load bundle (their CommonJS
 * `use-sync-external-store` shim would be shared across chunks), which costs ~2 kB on every page.
 */
function CollegeRoutePage() {
  const data = useMatch({ strict: false, select: (match) => match.loaderData }) as CollegePageData;
  return <CollegeChunk data={data} />;
}
// The router waits for `preload` before rendering (and before hydrating), as it does for a lazy component.
CollegeRoutePage.preload = () => CollegeChunk.preload?.();
const collegeLoaders = guardChunk(() => import('~/features/college/loaders'));

type CollegeRouteInput = Omit<CollegeLoaderInput, 'api' | 'locale' | 'env'>;
const loadCollege = (
  context: { api: CollegeLoaderInput['api']; locale: Locale; env: CollegeLoaderInput['env'] },
  input: CollegeRouteInput,
) => collegeLoaders().then((m) => m.loadCollegePage({ ...input, ...context }));

/** `?page=N` of a list: a whole number from 1 to 10000, else left out (other parameters are kept). */
const collegeSearch = (search: Record<string, unknown>) => {
  const page = Number(search.page);
  return { ...search, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : undefined } as {
    page?: number;
    q?: unknown;
  };
};

/** The business college's frame; its index and the five sections are its children. */
export const collegeRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.college.path,
});

const collegeIndexRoute = createRoute({
  getParentRoute: () => collegeRoute,
  path: '/',
  validateSearch: collegeSearch,
  loaderDeps: ({ search }) => ({ page: search.page, q: search.q }),
  loader: ({ context, deps }) => loadCollege(context, { family: { type: 'college' }, page: deps.page, q: deps.q }),
  head: collegeHead,
  staticData: { module: COLLEGE_MODULE },
  component: CollegeRoutePage,
});

/** A draft shown through its signed preview link (never cached, never indexed; a bad or expired link is a 404). */
const collegePreviewRoute = createRoute({
  getParentRoute: () => collegeRoute,
  // `{-$id}` holds the token: the path stays within the college's `deeper` template (shared/routes.ts).
  path: 'preview/{-$id}',
  loader: ({ context, params }) => loadCollege(context, { family: { type: 'college' }, preview: params.id ?? '' }),
  head: collegeHead,
  staticData: { module: COLLEGE_MODULE },
  component: CollegeRoutePage,
});

const collegeSectionRoutes = COLLEGE_SECTIONS.map((section) =>
  createRoute({
    getParentRoute: () => collegeRoute,
    path: `${section}/{-$id}`,
    validateSearch: collegeSearch,
    loaderDeps: ({ search }) => ({ page: search.page }),
    loader: ({ context, params, deps }) =>
      loadCollege(context, { family: { type: 'college' }, section, id: params.id, page: deps.page }),
    head: collegeHead,
    staticData: { module: COLLEGE_MODULE },
    component: CollegeRoutePage,
  }),
);

/** `/article/ecommerce|operate|report/:id?` show the e-commerce primer, operation and release-record sections. */
export const articleRoutes = ARTICLE_KINDS.map((kind) =>
  createRoute({
    getParentRoute: () => localeRoute,
    path: `article/${kind}/{-$id}`,
    validateSearch: collegeSearch,
    loaderDeps: ({ search }) => ({ page: search.page }),
    loader: ({ context, params, deps }) =>
      loadCollege(context, { family: { type: 'article', kind }, id: params.id, page: deps.page }),
    head: collegeHead,
    staticData: { module: COLLEGE_MODULE },
    component: CollegeRoutePage,
  }),
);

/** `/electricity-detail/:id?`: the Q&A section's list and its answers. */
export const electricityDetailRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.electricityDetail.path,
  validateSearch: collegeSearch,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, params, deps }) =>
    loadCollege(context, { family: { type: 'detail' }, id: params.id, page: deps.page }),
  head: collegeHead,
  staticData: { module: COLLEGE_MODULE },
  component: CollegeRoutePage,
});

// The readable site map (the footer's "website map"): its page and loader load on demand, like the college's.
const SiteMapChunk = page(() => import('~/features/college/site-map-page'), 'SiteMapPage');
function SiteMapRoutePage() {
  const data = useMatch({ strict: false, select: (match) => match.loaderData }) as SiteMapData;
  return <SiteMapChunk data={data} />;
}
SiteMapRoutePage.preload = () => SiteMapChunk.preload?.();
const siteMapLoader = guardChunk(() => import('~/features/college/site-map'));

export const siteMapRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: PAGES.siteMap.path,
  loader: ({ context }) => siteMapLoader().then((m) => m.loadSiteMap(context)),
  head: (ctx) =>
    ctx.loaderData
      ? headTags(ctx, ctx.loaderData.head, { breadcrumb: ctx.loaderData.head.breadcrumb })
      : pageHead(ctx, msg`网站地图`, msg`网站的全部页面：首页、登录与注册、下载、帮助，以及商学院每个栏目的全部文章。`),
  staticData: { module: 'src/features/college/site-map-page.tsx' },
  component: SiteMapRoutePage,
});

export const routeTree = rootRoute.addChildren([
  localeRoute.addChildren([
    homeRoute,
    loginRoute,
    registerRoute,
    forgetPasswordRoute,
    scanCodeRoute,
    collegeRoute.addChildren([collegeIndexRoute, collegePreviewRoute, ...collegeSectionRoutes]),
    ...articleRoutes,
    electricityDetailRoute,
    siteMapRoute,
    accountRoute,
    workbenchRoute,
  ]),
]);
