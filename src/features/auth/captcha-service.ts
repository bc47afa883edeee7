/** The built-in captcha calls of the API, with their failures turned into what the captcha machine knows. */

import { CODES } from '#shared/contract/codes';
import type { CaptchaFailure, CaptchaService } from '~/components/slider-captcha/slider-captcha';
import { captchaPuzzle, captchaVerify } from '~/lib/api/accounts';
import { ApiRequestError } from '~/lib/api/errors';

export function toCaptchaFailure(error: unknown): CaptchaFailure {
  if (error instanceof ApiRequestError) {
    if (error.code === CODES.captchaFailed) return { kind: 'wrong' };
    if (error.code === CODES.captchaExpired) return { kind: 'expired' };
    return {
      kind: 'unavailable',
      ...(error.message ? { message: error.message } : {}),
      ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}),
    };
  }
  return { kind: 'unavailable' };
}

export const captchaService: CaptchaService = {
  loadPuzzle: () =>
    captchaPuzzle().catch((error: unknown) => {
      throw toCaptchaFailure(error);
    }),
  verify: (captchaId, x) =>
    captchaVerify({ captchaId, x }).catch((error: unknown) => {
      throw toCaptchaFailure(error);
    }),
};
