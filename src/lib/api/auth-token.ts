/**
 * The `X-Auth-Token` header of docs/product.md#calls: every request to the portal's API carries the session token (the
 * `Authorization` cookie) when there is one. One home for the rule, used by the axios client (./client) and by
 * the plain `fetch` calls of the business college (src/features/college/client.ts).
 */
import Cookies from 'js-cookie';
import { AUTH_COOKIE } from '../storage-keys';

export const AUTH_HEADER = 'X-Auth-Token';

/** The session token, or undefined when logged out or outside a browser (server rendering has no cookie jar). */
export function sessionToken(): string | undefined {
  return Cookies.get(AUTH_COOKIE) || undefined;
}

/** `headers` plus `X-Auth-Token` when a session token exists. */
export function withAuthToken(headers: Record<string, string>): Record<string, string> {
  const token = sessionToken();
  return token ? { ...headers, [AUTH_HEADER]: token } : headers;
}
