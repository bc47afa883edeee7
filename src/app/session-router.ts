/**
 * How the session goes to the login page and knows the page's language: through the app's router once
 * SessionListeners has bound it, through `location` before. (Its own module: the session's lazily loaded
 * runtime must not import ./session, which imports the runtime — the bundler would then split the shared
 * modules of the first load into extra chunks.)
 */
import { localeFromPath } from '#shared/locale';

export interface SessionRouter {
  navigate: (href: string) => void;
  /** The current page's path (its language picks the login page and the messages). */
  pathname: () => string;
}

const locationRouter: SessionRouter = {
  navigate: (href) => window.location.assign(href),
  pathname: () => window.location.pathname,
};
let router = locationRouter;

/** The app's router, so going to login is a client-side navigation. */
export function bindSessionRouter(next: SessionRouter | null): void {
  router = next ?? locationRouter;
}

export const sessionRouter = (): SessionRouter => router;
export const pageLocale = () => localeFromPath(router.pathname());
