/**
 * Calls to the business college API (`/api/v2/college/...`, docs/api.md) through the router context's
 * `api`: `fetch` in the browser, the in-process API on the server. Answers are the `{code, message, data}`
 * envelope; anything else than code 200 becomes a CollegeApiError carrying the HTTP status. Like every API call,
 * they carry the session token in `X-Auth-Token` when logged in (docs/product.md#calls).
 */

import type { LikeResult, LikeState } from '#shared/contract/college';
import type { Locale } from '#shared/locale';
import type { ApiFetch } from '~/app/router-context';
import { withAuthToken } from '~/lib/api/auth-token';

export class CollegeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CollegeApiError';
  }
}

const BASE = '/api/v2/college';

/** `/api/v2/college<path>?<params>&lang=<locale>`; undefined parameters are left out. */
export function collegeUrl(path: string, locale: Locale, params: Record<string, string | number | undefined> = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  query.set('lang', locale);
  return `${BASE}${path}?${query}`;
}

async function read<T>(response: Response): Promise<T> {
  let body: { code?: number; message?: string; data?: T } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: a proxy's error page, say. The status says enough.
  }
  if (!response.ok || body?.code !== 200) {
    throw new CollegeApiError(response.status, body?.message ?? `HTTP ${response.status}`);
  }
  return body.data as T;
}

export async function collegeGet<T>(api: ApiFetch, url: string, locale: Locale, signal?: AbortSignal): Promise<T> {
  return read<T>(
    await api(url, { headers: withAuthToken({ accept: 'application/json', 'accept-language': locale }), signal }),
  );
}

export async function fetchLikes(api: ApiFetch, id: number, locale: Locale, signal?: AbortSignal) {
  return collegeGet<LikeState>(api, `${BASE}/articles/${id}/likes`, locale, signal);
}

export async function postLike(api: ApiFetch, id: number, locale: Locale) {
  const response = await api(`${BASE}/articles/${id}/likes`, {
    method: 'POST',
    headers: withAuthToken({
      accept: 'application/json',
      'accept-language': locale,
      'content-type': 'application/json',
    }),
    body: '{}',
  });
  return read<LikeResult>(response);
}
