import type { PortalEnv } from '#shared/portal-env';
import type { AppActors } from './actors';

/**
 * Calls the site's own API (`/api/...`) for route loaders: `fetch` in the browser; on the server a function
 * that hands the request to the in-process API (no network round trip), forwarding only the Host header.
 */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** What every route can read: the portal environment, the app-lifetime actors and the API. */
export interface RouterContext {
  env: PortalEnv;
  /** `https://host` of the request, for canonical and hreflang links. */
  origin: string;
  actors: AppActors;
  api: ApiFetch;
}
