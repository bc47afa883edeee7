/**
 * The HTTP client of the portal's API (docs/product.md#calls, docs/api.md). Every call goes to `/api`, carries the token of
 * the `Authorization` cookie in `X-Auth-Token` and the page's language in `Accept-Language`, and resolves with
 * the envelope's `data` — or rejects with an `ApiRequestError`, also when an HTTP 200 answer carries a business
 * code other than 200.
 *
 * Two answers concern every page, whatever the call (docs/product.md#errors-and-messages): HTTP 401 or a body code 401 / 40002 end the
 * session (clear it and go to login), HTTP 429 shows the "too many requests" warning. They reach the app through
 * `setApiHooks` (./hooks; src/app/session-listeners.tsx installs them), so this module knows nothing of React or the session.
 *
 * This module (and axios) is loaded with the first call (./accounts and ./scan-login import it on demand), never
 * with the first load of a page, not even a form's page: the forms need only `ApiRequestError` (./errors).
 */
import axios, { type AxiosRequestConfig, isAxiosError } from 'axios';
import type { ApiEnvelope, BodyOf, DataOf, Operation, QueryOf } from '#shared/contract/operation';
import { localeFromPath } from '#shared/locale';
import { AUTH_HEADER, sessionToken } from './auth-token';
import { ApiRequestError } from './errors';
import { apiHooks } from './hooks';

export { ApiRequestError } from './errors';
export { type ApiHooks, setApiHooks } from './hooks';

/** `en` on /en pages, `zh-CN` otherwise (the server answers messages in that language). */
export function requestLanguage(pathname: string = apiHooks.pagePath()) {
  return localeFromPath(pathname) === 'en' ? 'en' : 'zh-CN';
}

export const http = axios.create({
  baseURL: '/api',
  timeout: 20_000,
  headers: { 'Content-Type': 'application/json' },
  // Every status resolves: the envelope decides (a 4xx carries a code and a message to show).
  validateStatus: () => true,
});

http.interceptors.request.use((config) => {
  const token = sessionToken();
  if (token) config.headers.set(AUTH_HEADER, token);
  config.headers.set('Accept-Language', requestLanguage());
  return config;
});

function positiveNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

function isEnvelope(body: unknown): body is ApiEnvelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** Turns an answer into its data, or an `ApiRequestError` (exported for tests). */
export function settle<T>(status: number, body: unknown, headers: Record<string, unknown> = {}): T {
  if (status >= 200 && status < 300 && isEnvelope(body) && body.code === 200) return body.data as T;
  const envelope = isEnvelope(body) ? body : undefined;
  const data = envelope?.data as { retryAfter?: unknown; field?: unknown } | undefined;
  const retryAfter = positiveNumber(headers['retry-after']) ?? positiveNumber(data?.retryAfter);
  throw new ApiRequestError({
    status,
    code: envelope?.code ?? status,
    message: typeof envelope?.message === 'string' ? envelope.message : '',
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(typeof data?.field === 'string' ? { field: data.field } : {}),
    ...(envelope?.data !== undefined ? { data: envelope.data } : {}),
  });
}

/** Runs the 401/429 hooks for an error; a hook that throws never hides the error from the caller. */
function notify(error: ApiRequestError) {
  try {
    if (error.isUnauthorized) apiHooks.onUnauthorized(error);
    else if (error.status === 429) apiHooks.onTooManyRequests(error);
  } catch (hookError) {
    console.error('[api] a response hook failed:', hookError);
  }
}

/** Sends a request and resolves with the envelope's `data`, or rejects with an `ApiRequestError`. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  let status: number;
  let body: unknown;
  let headers: Record<string, unknown>;
  try {
    const response = await http.request(config);
    status = response.status;
    body = response.data;
    headers = response.headers as Record<string, unknown>;
  } catch (error) {
    // No answer at all: offline, timeout, aborted, or a request that could not be built.
    throw new ApiRequestError({
      status: 0,
      code: 0,
      message: '',
      data: isAxiosError(error) ? error.code : String(error),
    });
  }
  try {
    return settle<T>(status, body, headers);
  } catch (error) {
    if (error instanceof ApiRequestError) notify(error);
    throw error;
  }
}

/**
 * One call of the contract (shared/contract): the compiler checks the method and path against the contract's
 * declaration `O` and takes the body's and the answer's types from it (types only: no zod in the browser).
 */
export function call<O extends Operation>(
  method: Uppercase<O['method']>,
  url: O['path'],
  input: { data?: BodyOf<O>; params?: QueryOf<O> } = {},
): Promise<DataOf<O>> {
  return request<DataOf<O>>({ method, url, ...input });
}
