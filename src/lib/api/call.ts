/**
 * One call of the contract, with the HTTP client (./client, and axios with it) loaded on the first call rather
 * than with the page that may make it: a form's page loads without axios, which comes when the form is sent.
 *
 * The import goes through the chunk guard (a replaced deploy reloads the page) and is awaited on its own, never
 * chained (`import(…).then(call)`): Vite's preload helper would then wrap the call as well, and the guard would
 * take a rejected call for a failed chunk.
 */
import type { Operation } from '#shared/contract/operation';
import { guardChunk } from '~/lib/chunk-reload';
import type { call as Call } from './client';

const loadClient = guardChunk(() => import('./client'));

export async function call<O extends Operation>(...args: Parameters<typeof Call<O>>): ReturnType<typeof Call<O>> {
  const client = await loadClient();
  return client.call<O>(...args);
}
