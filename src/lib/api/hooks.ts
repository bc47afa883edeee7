/**
 * The app's reactions to answers that concern every page (docs/product.md#errors-and-messages), kept apart from the client so the page
 * can install them on its first load without loading axios: src/app/session-listeners.tsx sets them.
 */
export interface ApiFailure {
  status: number;
  code: number;
  message: string;
  retryAfter?: number;
}

export interface ApiHooks {
  /** HTTP 401 or body code 401 / 40002: the session is over. */
  onUnauthorized: (failure: ApiFailure) => void;
  /** HTTP 429: the visitor is told to slow down (a form may show the wait as well). */
  onTooManyRequests: (failure: ApiFailure) => void;
  /** The path of the page (its language decides `Accept-Language`): the router's, once the app has one. */
  pagePath: () => string;
}

export const apiHooks: ApiHooks = {
  onUnauthorized: () => {},
  onTooManyRequests: () => {},
  pagePath: () => (typeof window === 'undefined' ? '/' : window.location.pathname),
};

/** Installs (part of) the hooks; returns a function that restores the previous ones. */
export function setApiHooks(next: Partial<ApiHooks>): () => void {
  const previous = { ...apiHooks };
  Object.assign(apiHooks, next);
  return () => void Object.assign(apiHooks, previous);
}
