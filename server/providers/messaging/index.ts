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
export function describeMessagingProvider(settings: Pick<Settings, 'wx'>): string {
  return settings.wx.provider === 'platform'
    ? `WeChat login: official-account platform at ${settings.wx.apiUrl} (webhook /api/wx/callback).`
    : 'WeChat login: built-in phone simulator (scan the QR code with a phone on this network, or open its link).';
}
