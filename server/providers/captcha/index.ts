/**
 * Captcha providers: `builtin`, the slider of ./slider.ts (server/accounts/captcha.ts issues its tickets); `remote`,
 * a third-party widget whose tickets its verify URL checks; `tencent`, Tencent Cloud captcha (./tencent.ts).
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

/** The analytics origins of a page with Tencent captcha's widget origins (script, frames, pictures, calls) added. */
export function withCaptchaOrigins(
  analytics: { script: string[]; connect: string[] },
  captcha: Settings['captcha'],
): { script: string[]; connect: string[]; frame: string[] } {
  const extra = captcha.provider === 'tencent' ? TENCENT_CAPTCHA_ORIGINS : [];
  return {
    script: [...new Set([...analytics.script, ...extra])],
    connect: [...new Set([...analytics.connect, ...extra])],
    frame: [...extra],
  };
}
