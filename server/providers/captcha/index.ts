/**
 * Captcha providers. `builtin` is the slider of ./slider.ts: the server makes the puzzle, checks the drag and
 * issues its own one-time tickets (server/accounts/captcha.ts). `remote` is a third-party widget configured by
 * its app id: the browser gets the ticket from the provider, and the server asks the provider's verify URL
 * whether it is genuine before accepting it (once: a redeemed ticket is recorded and never accepted again).
 * `tencent` is Tencent Cloud captcha, checked with DescribeCaptchaResult (./tencent.ts).
 */
import type { Settings } from '../../config/settings';
import { createRemoteCaptcha } from './remote';
import { createTencentCaptcha, TENCENT_CAPTCHA_ORIGINS } from './tencent';
import type { BuiltinCaptcha, CaptchaProvider } from './types';

export type { BuiltinCaptcha, CaptchaProvider, RemoteCaptcha, TencentCaptcha } from './types';

export const builtinCaptcha: BuiltinCaptcha = { kind: 'builtin', appId: null };

export function createCaptchaProvider(settings: Settings): CaptchaProvider {
  if (settings.captcha.provider === 'builtin') return builtinCaptcha;
  if (settings.captcha.provider === 'tencent' && settings.captcha.tencent)
    return createTencentCaptcha({ appId: settings.captcha.appId ?? '', ...settings.captcha.tencent });
  return createRemoteCaptcha({
    appId: settings.captcha.appId ?? '',
    secret: settings.captcha.secret ?? '',
    verifyUrl: settings.captcha.verifyUrl ?? '',
  });
}

/**
 * What the pages' Content-Security-Policy must allow for the captcha: Tencent's widget origins (its script, the
 * frames of its dialog, its pictures and calls) when CAPTCHA_PROVIDER=tencent; nothing otherwise.
 */
export function captchaOrigins(captcha: Settings['captcha']): { script: string[]; connect: string[]; frame: string[] } {
  if (captcha.provider !== 'tencent') return { script: [], connect: [], frame: [] };
  return {
    script: [...TENCENT_CAPTCHA_ORIGINS],
    connect: [...TENCENT_CAPTCHA_ORIGINS],
    frame: [...TENCENT_CAPTCHA_ORIGINS],
  };
}

/** The analytics origins of a page with the captcha's added. */
export function withCaptchaOrigins(
  analytics: { script: string[]; connect: string[] },
  captcha: Settings['captcha'],
): { script: string[]; connect: string[]; frame: string[] } {
  const extra = captchaOrigins(captcha);
  return {
    script: [...new Set([...analytics.script, ...extra.script])],
    connect: [...new Set([...analytics.connect, ...extra.connect])],
    frame: extra.frame,
  };
}
