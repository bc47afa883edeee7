/**
 * One call of the contract, with the HTTP client (./client, and axios with it) loaded on the first call rather
 * than with the page that may make it: a form's page loads without axios, which comes when the form is sent.
 *
 * The import is awaited on its own, never chained (`import(…).then(call)`): Vite wraps a dynamic import and
 * whatever is chained to it in its preload helper, which reports any rejection as `vite:preloadError`, and
 * the page reloads on that event (src/entry-client.tsx) — a 429 or a 401 answer would reload the page.
 */
import type { Operation } from '#shared/contract/operation';
import type { call as Call } from './client';

const loadClient = () => import('./client');

export async function call<O extends Operation>(...args: Parameters<typeof Call<O>>): ReturnType<typeof Call<O>> {
  const client = await loadClient();
  return client.call<O>(...args);
}
