/** The built-in captcha calls of the API, with their failures turned into what the captcha machine knows. */

import { CODES } from '#shared/contract/codes';
import type { CaptchaFailure, CaptchaService } from '~/components/slider-captcha/slider-captcha';
import { captchaConfig, captchaPuzzle, captchaVerify } from '~/lib/api/accounts';
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

/** Which captcha the server wants; the built-in slider when it cannot say. */
export type CaptchaChoice = { provider: 'builtin' } | { provider: 'tencent'; appId: string };

export async function loadCaptchaChoice(): Promise<CaptchaChoice> {
  try {
    const config = await captchaConfig();
    if (config?.provider === 'tencent' && config.appId) return { provider: 'tencent', appId: config.appId };
  } catch {
    // The slider's own calls will tell the user if the server is unreachable.
  }
  return { provider: 'builtin' };
}
