/**
 * The page routes of spec §2, each in zh (no prefix) and en (`/en`) through the `{-$locale}` layout.
 * Page components load with their route (code-split), so the first load of `/` carries only the home page.
 */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guardChunk } from '~/lib/chunk-reload';
import { localeRoute } from './locale';
import { rootRoute } from './root';
import { pageHead } from './seo';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The source module of the route's page, so the server can link its CSS and preload its chunk. */
    module?: string;
  }
}

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(guardChunk(load), name);

export const homeRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: '/',
  head: (ctx) =>
    pageHead(
      ctx,
      msg`达人建联工具 · 批量邀约、私信与邮件`,
      msg`面向短视频电商卖家的达人建联工具：800万+带货达人库、批量邀约与私信、达人邮件群发、AI 多语言回复，支持 Windows 客户端与浏览器插件，免费试用。`,
    ),
  staticData: { module: 'src/features/home/home-page.tsx' },
  component: page(() => import('~/features/home/home-page'), 'HomePage'),
});

export const loginRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'login',
  head: (ctx) => pageHead(ctx, msg`登录`, msg`登录账号，或快速注册领取免费试用权益。`),
  staticData: { module: 'src/features/auth/login-page.tsx' },
  component: page(() => import('~/features/auth/login-page'), 'LoginPage'),
});

export const registerRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'register',
  head: (ctx) => pageHead(ctx, msg`注册`, msg`手机号快速注册，立即领取免费试用权益。`),
  staticData: { module: 'src/features/auth/register-page.tsx' },
  component: page(() => import('~/features/auth/register-page'), 'RegisterPage'),
});

export const forgetPasswordRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'forget_password',
  head: (ctx) => pageHead(ctx, msg`找回密码`, msg`通过手机验证码重设账号密码。`),
  staticData: { module: 'src/features/auth/forget-password-page.tsx' },
  component: page(() => import('~/features/auth/forget-password-page'), 'ForgetPasswordPage'),
});

export const scanCodeRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'scan_code',
  head: (ctx) => pageHead(ctx, msg`扫码登录`, msg`使用微信扫码登录或注册。`),
  staticData: { module: 'src/features/scan-login/scan-code-page.tsx' },
  component: page(() => import('~/features/scan-login/scan-code-page'), 'ScanCodePage'),
});

const collegeHead = (ctx: Parameters<typeof pageHead>[0]) =>
  pageHead(ctx, msg`商学院`, msg`跨境短视频电商卖家的达人营销知识库：找达人、写邀约、做运营、看更新。`);

/** The business college frame; its pages (the index and the five sections) set the head tags. */
export const collegeRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'business-college',
  staticData: { module: 'src/features/college/college-page.tsx' },
  component: page(() => import('~/features/college/college-page'), 'CollegePage'),
});

const collegeIndexRoute = createRoute({
  getParentRoute: () => collegeRoute,
  path: '/',
  head: collegeHead,
});

/** The five sections of the business college (spec §2), each with an optional article id. */
export const COLLEGE_SECTIONS = ['ecommerce-intro', 'electricity', 'operate', 'release-record', 'test'] as const;

const collegeSectionRoutes = COLLEGE_SECTIONS.map((section) =>
  createRoute({
    getParentRoute: () => collegeRoute,
    path: `${section}/{-$id}`,
    head: collegeHead,
  }),
);

export const articleRoutes = (['ecommerce', 'operate', 'report'] as const).map((kind) =>
  createRoute({
    getParentRoute: () => localeRoute,
    path: `article/${kind}/{-$id}`,
    head: (ctx) => pageHead(ctx, msg`文章资讯`, msg`短视频电商达人营销的文章与资讯。`),
    staticData: { module: 'src/features/college/article-page.tsx' },
    component: page(() => import('~/features/college/article-page'), 'ArticlePage'),
  }),
);

export const electricityDetailRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'electricity-detail/{-$id}',
  head: (ctx) => pageHead(ctx, msg`问答详情`, msg`达人营销常见问题解答。`),
  staticData: { module: 'src/features/college/detail-page.tsx' },
  component: page(() => import('~/features/college/detail-page'), 'DetailPage'),
});

export const routeTree = rootRoute.addChildren([
  localeRoute.addChildren([
    homeRoute,
    loginRoute,
    registerRoute,
    forgetPasswordRoute,
    scanCodeRoute,
    collegeRoute.addChildren([collegeIndexRoute, ...collegeSectionRoutes]),
    ...articleRoutes,
    electricityDetailRoute,
  ]),
]);
