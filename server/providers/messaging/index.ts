/** The messaging provider WX_PROVIDER names: the built-in phone simulator (default) or the platform API. */

import type { Settings } from '../../config/settings';
import type { Database } from '../../db/database';
import { createPlatformProvider } from './platform';
import { createSimulatorProvider } from './simulator';
import type { MessagingProvider } from './types';

export type { CreatedQr, CreateQrInput, MessagingProvider, OAuthStartInput } from './types';

export function createMessagingProvider(
  settings: Pick<Settings, 'wx'>,
  db: Database,
  options: { now?: () => Date; lanAddress?: () => string | undefined } = {},
): MessagingProvider {
  const wx = settings.wx;
  if (wx.provider === 'platform') {
    if (!wx.account || !wx.token) throw new Error('WX_PROVIDER=platform needs WX_APP_ID, WX_APP_SECRET and WX_TOKEN');
    return createPlatformProvider({
      apiUrl: wx.apiUrl,
      token: wx.token,
      account: wx.account,
      account2: wx.account2,
      now: options.now,
    });
  }
  return createSimulatorProvider({
    db,
    token: wx.token,
    simulatorUrl: wx.simulatorUrl,
    simulatorUrl2: wx.simulatorUrl2,
    lanAddress: options.lanAddress,
    now: options.now,
  });
}

/**
 * The start-up lines that say which outside services are live, and, when STANDINS=1 let a start run built-in
 * stand-ins, that they are (server/config/settings.ts refuses them otherwise).
 */
export function describeProviders(settings: Pick<Settings, 'wx' | 'sms' | 'captcha' | 'standins'>): string[] {
  const sms = {
    builtin: 'built-in sink (codes in this log)',
    http: `HTTP gateway (${settings.sms.gatewayUrl ? new URL(settings.sms.gatewayUrl).origin : 'SMS_GATEWAY_URL'})`,
    aliyun: `Alibaba Cloud SMS at ${settings.sms.aliyun?.endpoint ?? ''} (sign name ${settings.sms.aliyun?.brands.starreach.signName ?? ''})`,
    tencent: `Tencent Cloud SMS at ${settings.sms.tencent?.endpoint ?? ''} (SDK AppID ${settings.sms.tencent?.brands.starreach.sdkAppId ?? ''}, ${settings.sms.tencent?.region ?? ''})`,
  }[settings.sms.provider];
  const captcha = {
    builtin: 'built-in slider puzzle',
    remote: 'third-party service (CAPTCHA_VERIFY_URL)',
    tencent: `Tencent Cloud captcha (CaptchaAppId ${settings.captcha.appId ?? ''}, verified at ${settings.captcha.tencent?.endpoint ?? ''})`,
  }[settings.captcha.provider];
  const lines = [`Providers: SMS ${sms}; captcha ${captcha}.`, describeMessagingProvider(settings)];
  const standins =
    settings.sms.provider === 'builtin' ||
    settings.captcha.provider === 'builtin' ||
    settings.wx.provider === 'simulator';
  if (settings.standins && standins)
    lines.push('Stand-ins allowed (STANDINS=1): for trying the site, never for real users (docs/deploy.md).');
  return lines;
}

export function describeMessagingProvider(settings: Pick<Settings, 'wx'>): string {
  return settings.wx.provider === 'platform'
    ? `WeChat login: official-account platform at ${settings.wx.apiUrl} (webhook /api/wx/callback).`
    : 'WeChat login: built-in phone simulator (scan the QR code with a phone on this network, or open its link).';
}
