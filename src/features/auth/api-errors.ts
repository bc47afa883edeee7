/**
 * Turns a failed call into what the form shows: a message next to a field, a message for the form, or a
 * failure toast (docs/product.md#errors-and-messages "Login failed", "Register failed", …, with the server's message).
 *
 * - 40000 (validation) names its field in `data.field`; 40011 is the phone, 40012 the password, 40004 the
 *   code, 40006 the phone (already registered): shown next to that field when the form has it.
 * - 429: the app already shows the "too many requests" warning; the form says how long to wait.
 * - Anything else (40003 wrong phone or password, server errors, no connection): a toast.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CODES } from '#shared/contract/codes';
import { toast } from '~/components/toast/toast';
import { ApiRequestError } from '~/lib/api/errors';

export const networkFailure = msg`网络连接失败，请检查网络后重试`;
/** The configured captcha could not be shown (the SMS button, the login's captcha). */
export const captchaUnavailable = msg`安全验证暂时无法使用，请稍后再试`;

const FIELD_OF_CODE: Record<number, string> = {
  [CODES.phoneInvalid]: 'phone',
  [CODES.passwordCommon]: 'password',
  [CODES.wrongCode]: 'code',
  [CODES.phoneRegistered]: 'phone',
};

export type FailureDisplay<F extends string> =
  | { kind: 'field'; field: F; message: string }
  | { kind: 'wait'; message: string; retryAfter?: number }
  | { kind: 'toast'; message: string | null; network: boolean };

/**
 * `fields` maps the API's field names to the form's (e.g. the reset form's `password` is its new password);
 * a field the form does not have turns into a toast.
 */
export function describeFailure<F extends string>(
  error: unknown,
  fields: Partial<Record<string, F>>,
): FailureDisplay<F> {
  if (!(error instanceof ApiRequestError)) return { kind: 'toast', message: null, network: false };
  if (error.isNetworkError) return { kind: 'toast', message: null, network: true };
  if (error.isRateLimited) {
    return { kind: 'wait', message: error.message, ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}) };
  }
  const apiField = error.code === CODES.badRequest ? error.field : FIELD_OF_CODE[error.code];
  const field = apiField ? fields[apiField] : undefined;
  if (field && error.message) return { kind: 'field', field, message: error.message };
  return { kind: 'toast', message: error.message || null, network: false };
}

const tooManyTries = msg`操作过于频繁，请稍后再试`;

/** What `showFailure` needs of a form made with `useForm`. */
export interface FailureForm<F extends string> {
  setBusy(busy: boolean): void;
  setError(field: F, error: string, options?: { focus?: boolean }): void;
  setNotice(notice: string): void;
}

/**
 * Shows a failed submit the way every auth form does: the form is usable again, a field error goes next to its
 * field (focused), a wait goes in the form's notice, anything else is the form's failure toast ("登录失败：…").
 */
export function showFailure<F extends string>(
  form: FailureForm<F>,
  error: unknown,
  fields: Partial<Record<string, F>>,
  {
    i18n,
    failed,
    failedWith,
  }: { i18n: I18n; failed: MessageDescriptor; failedWith: (reason: string) => MessageDescriptor },
): void {
  form.setBusy(false);
  const failure = describeFailure<F>(error, fields);
  if (failure.kind === 'field') form.setError(failure.field, failure.message, { focus: true });
  else if (failure.kind === 'wait') form.setNotice(failure.message || i18n._(tooManyTries));
  else {
    const reason = failure.message ?? (failure.network ? i18n._(networkFailure) : null);
    toast.error(i18n._(reason ? failedWith(reason) : failed));
  }
}
