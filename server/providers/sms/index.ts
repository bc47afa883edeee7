/**
 * SMS providers. `builtin` (the default, needs no network) writes every code to the server log and keeps the
 * latest ones for the development-only outbox call; `http` posts to an SMS gateway (./http-gateway.ts).
 */
import type { Settings } from '../../settings';
import { createHttpGateway } from './http-gateway';
import { createSmsSink } from './sink';

export type SmsPurpose = 'register' | 'login' | 'reset';

export interface SmsMessage {
  tenantId: number;
  /** Brand name in the message's language, for the signature ("【星达通】"). */
  brandName: string;
  countryCode: number;
  /** Dial code without "+". */
  dial: string;
  /** National number, digits only. */
  phone: string;
  purpose: SmsPurpose;
  code: string;
  language: 'zh' | 'en';
  /** The ready-made text, for gateways that send free text rather than a template. */
  text: string;
}

export interface OutboxEntry {
  phone: string;
  countryCode: number;
  purpose: SmsPurpose;
  code: string;
  sentAt: string;
}

export interface SmsProvider {
  kind: 'builtin' | 'http';
  /** Resolves when the provider accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>;
  /** The built-in sink's recent messages, newest first (served only in development). */
  outbox?(phone?: string): OutboxEntry[];
}

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
