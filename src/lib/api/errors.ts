/**
 * The error every API call rejects with (./client), in a module of its own without axios: the forms and the
 * SMS button check for it from their first load, while the HTTP client loads with the first call.
 */
import { UNAUTHORIZED_CODES } from '#shared/contract/codes';

/**
 * A failed call. `status` is the HTTP status (0 when no answer arrived: offline, timeout, aborted); `code` the
 * business code of the body (or the status when the body had none); `message` the server's message in the
 * request's language (empty when there was none: the UI shows its own text then).
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: number;
  /** Seconds to wait, from `Retry-After` or `data.retryAfter` of a 429. */
  readonly retryAfter?: number;
  /** The field a validation error (400 / 40000 and the like) names, from `data.field`. */
  readonly field?: string;
  readonly data?: unknown;

  constructor(init: {
    status: number;
    code: number;
    message: string;
    retryAfter?: number;
    field?: string;
    data?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.field !== undefined) this.field = init.field;
    if (init.data !== undefined) this.data = init.data;
  }

  /** True when no answer arrived (network down, timeout, aborted): the server's state is unknown. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** True for the answers that end the session (HTTP 401, body code 401 or 40002). */
  get isUnauthorized(): boolean {
    return this.status === 401 || UNAUTHORIZED_CODES.includes(this.code);
  }

  get isRateLimited(): boolean {
    return this.status === 429 || this.code === 429;
  }
}
