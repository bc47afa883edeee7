/**
 * Where a successful login goes (the rule is shared with the server: shared/redirect.ts). Leaving is a full page
 * load: the workbench is a server page, not a route of this app.
 */
import { noteLeaving } from '~/lib/chunk-reload';

export { safeRedirect, workbenchFor } from '#shared/redirect';

/**
 * A full navigation (its own function so tests can watch it: jsdom cannot leave the page). The chunk guard hears
 * of it first: the loads the browser cancels now must not reload the page over the navigation.
 */
export const leavePage = {
  assign(url: string) {
    noteLeaving();
    window.location.assign(url);
  },
};
