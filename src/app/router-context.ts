import type { PortalEnv } from '~/lib/portal-env';
import type { AppActors } from './actors';

/** What every route can read: the portal environment and the app-lifetime actors. */
export interface RouterContext {
  env: PortalEnv;
  /** `https://host` of the request, for canonical and hreflang links. */
  origin: string;
  actors: AppActors;
}
