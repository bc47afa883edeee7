/**
 * One call of the contract, with the HTTP client (./client, and axios with it) loaded on the first call rather
 * than with the page that may make it: a form's page loads without axios, which comes when the form is sent.
 */
import type { Operation } from '#shared/contract/operation';
import type { call as Call } from './client';

export function call<O extends Operation>(...args: Parameters<typeof Call<O>>): ReturnType<typeof Call<O>> {
  return import('./client').then((client) => client.call<O>(...args));
}
