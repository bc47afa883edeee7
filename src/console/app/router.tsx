/** The console's routes (TanStack Router, client-only): every page but the frame loads with its route. */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { ConsoleLayout } from './layout';

const root = createRootRoute({ component: ConsoleLayout });
const index = createRoute({
  getParentRoute: () => root,
  path: '/',
  component: lazyRouteComponent(() => import('../pages/home'), 'HomePage'),
});
const users = createRoute({
  getParentRoute: () => root,
  path: '/users',
  component: lazyRouteComponent(() => import('../pages/users'), 'UsersPage'),
});
const user = createRoute({
  getParentRoute: () => root,
  path: '/users/$userId',
  component: lazyRouteComponent(() => import('../pages/user'), 'UserPage'),
});
const signups = createRoute({
  getParentRoute: () => root,
  path: '/signups',
  component: lazyRouteComponent(() => import('../pages/signups'), 'SignupsPage'),
});
const audit = createRoute({
  getParentRoute: () => root,
  path: '/audit',
  component: lazyRouteComponent(() => import('../pages/audit'), 'AuditPage'),
});
const webhooks = createRoute({
  getParentRoute: () => root,
  path: '/webhooks',
  component: lazyRouteComponent(() => import('../pages/webhooks'), 'WebhooksPage'),
});

const articles = createRoute({
  getParentRoute: () => root,
  path: '/articles',
  component: lazyRouteComponent(() => import('../pages/articles'), 'ArticlesPage'),
});
const article = createRoute({
  getParentRoute: () => root,
  path: '/articles/$articleId',
  component: lazyRouteComponent(() => import('../pages/article-editor'), 'ArticleEditorPage'),
});

export function createConsoleRouter(history?: RouterHistory) {
  return createRouter({
    routeTree: root.addChildren([index, users, user, signups, audit, webhooks, articles, article]),
    ...(history ? { history } : {}),
    defaultNotFoundComponent: () => null,
  });
}
