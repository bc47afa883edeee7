/**
 * The messaging provider of the QR login, chosen by WX_PROVIDER: the built-in phone simulator (default) or the
 * platform API (./platform.ts). The interface is in ./types.ts.
 */
import type { Database } from '../../db/database';
import type { Settings } from '../../settings';
import { createPlatformProvider } from './platform';
import { createSimulatorProvider } from './simulator';
import type { MessagingProvider } from './types';

export type { CreatedQr, CreateQrInput, MessagingProvider } from './types';

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
  });
}

/** One line for the start-up log. */
/**
 * The start-up lines that say which outside services are live, and a warning for each built-in stand-in a
 * production start runs with: the SMS sink (codes only in the log) and the WeChat simulator (browsers play WeChat
 * identities, each only its own, but no real WeChat logs in). The built-in slider captcha is a real check.
 */
export function describeProviders(settings: Pick<Settings, 'wx' | 'sms' | 'captcha' | 'production'>): {
  lines: string[];
  warnings: string[];
} {
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
  const warnings: string[] = [];
  if (settings.production && settings.wx.provider === 'simulator')
    warnings.push(
      'WARNING: the built-in WeChat simulator is live in production mode (NODE_ENV=production). Anyone can open /wx-sim ' +
        'and make WeChat identities there; set WX_PROVIDER=platform with the official account for a real deployment.',
    );
  if (settings.production && settings.sms.provider === 'builtin')
    warnings.push(
      'WARNING: SMS codes go to this log only (built-in sink): no text message reaches anyone. Set SMS_PROVIDER=aliyun, ' +
        'tencent or http with their settings for a real deployment (docs/deploy.md).',
    );
  return { lines, warnings };
}

export function describeMessagingProvider(settings: Pick<Settings, 'wx'>): string {
  return settings.wx.provider === 'platform'
    ? `WeChat login: official-account platform at ${settings.wx.apiUrl} (webhook /api/wx/callback).`
    : 'WeChat login: built-in phone simulator (scan the QR code with a phone on this network, or open its link).';
}
