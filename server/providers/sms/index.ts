/**
 * SMS providers. `builtin` (the default, needs no network) writes every code to the server log and keeps the
 * latest ones for the development-only outbox call; `http` posts to an SMS gateway (./http-gateway.ts).
 */
import type { Settings } from '../../settings';
import { createHttpGateway } from './http-gateway';
import { createSmsSink } from './sink';
import type { SmsMessage, SmsProvider } from './types';

export type { OutboxEntry, SmsFailureKind, SmsMessage, SmsProvider, SmsPurpose } from './types';
export { SmsSendError } from './types';

export function smsText(message: Pick<SmsMessage, 'brandName' | 'code' | 'language'>, minutes: number): string {
  return message.language === 'en'
    ? `[${message.brandName}] Your verification code is ${message.code}. It expires in ${minutes} minutes. Do not share it with anyone.`
    : `【${message.brandName}】您的验证码是 ${message.code}，${minutes} 分钟内有效，请勿泄露给他人。`;
}

export function createSmsProvider(settings: Settings, now: () => Date = () => new Date()): SmsProvider {
  if (settings.sms.provider === 'http') {
    return createHttpGateway({ url: settings.sms.gatewayUrl ?? '', key: settings.sms.gatewayKey ?? '' });
  }
  return createSmsSink({ now });
}
