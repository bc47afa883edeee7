/**
 * Captcha providers. `builtin` is the slider of ./slider.ts: the server makes the puzzle, checks the drag and
 * issues its own one-time tickets (server/accounts/captcha.ts). `remote` is a third-party widget configured by
 * its app id: the browser gets the ticket from the provider, and the server asks the provider's verify URL
 * whether it is genuine before accepting it (once: a redeemed ticket is recorded and never accepted again).
 * `tencent` is Tencent Cloud captcha, checked with DescribeCaptchaResult (./tencent.ts).
 */
import type { Settings } from '../../settings';
import { createRemoteCaptcha } from './remote';
import { createTencentCaptcha } from './tencent';
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
