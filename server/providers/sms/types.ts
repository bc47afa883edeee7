/** What an SMS provider is given and keeps (see ./index.ts). */
import type { BrandId } from '../../../shared/brand';
import type { OutboxEntry, SmsPurpose } from '../../../shared/contract/accounts';

export type { OutboxEntry, SmsPurpose };

export interface SmsMessage {
  /** The brand the code is for: the vendors' sign names and templates are set per brand. */
  brandId: BrandId;
  tenantId: number;
  /** Brand name in the message's language, for the signature ("【星达通】"). */
  brandName: string;
  countryCode: number;
  /** Dial code without "+". */
  dial: string;
  /** National number, digits only. */
  phone: string;
  /** A code's purpose, or 'notice': a message without a code (the account's new WeChat binding). */
  purpose: SmsPurpose | 'notice';
  /** Empty for a notice. */
  code: string;
  language: 'zh' | 'en';
  /** The ready-made text, for gateways that send free text rather than a template. */
  text: string;
}

export interface SmsProvider {
  kind: 'builtin' | 'http' | 'aliyun' | 'tencent';
  /** Resolves when the provider accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>;
  /** The built-in sink's recent messages, newest first (served only in development). */
  outbox?(phone?: string): OutboxEntry[];
}

/** Why a vendor did not take a message, in the operator's terms, with what to check (the log says it). */
const ADVICE = {
  'rate-limit': 'the vendor limits messages to this number; it will take one again later',
  'invalid-number': 'the vendor says the number cannot receive messages',
  template: 'check the template code/id and that the template is approved for this kind of number',
  signature: 'check the sign name and that it is approved',
  balance: 'the account or SMS package has run out: top it up',
  credentials: 'check the access key / secret and that the key may send SMS',
  config: 'a setting for this kind of number is missing',
  outage: 'the vendor did not answer properly; nothing was sent',
  timeout: 'the vendor did not answer in time; nothing was counted against the sender',
  other: 'see the vendor code',
};
export type SmsFailureKind = keyof typeof ADVICE;

/** A send a vendor refused or never answered; the caller answers 40013 and refunds the sender's limits. */
export class SmsSendError extends Error {
  constructor(
    readonly provider: SmsProvider['kind'],
    readonly kind: SmsFailureKind,
    readonly vendorCode: string,
    readonly vendorMessage: string,
  ) {
    super(`${provider} SMS ${kind}: ${vendorCode} ${vendorMessage}`.trim());
    this.name = 'SmsSendError';
  }

  /** The operator's log line: what happened, the vendor's own words, and what to check. */
  logLine(to: string): string {
    return `[sms] ${this.provider} did not send to ${to}: ${this.kind} (${this.vendorCode}: ${this.vendorMessage}) - ${ADVICE[this.kind]}`;
  }
}

const INTL_SETTING = { aliyun: 'ALIYUN_SMS_TEMPLATE_CODE_INTL', tencent: 'TENCENT_SMS_TEMPLATE_ID_INTL' };

/** The domestic template for a +86 number, else the international one (a `config` failure without it). */
export function templateFor(provider: 'aliyun' | 'tencent', dial: string, domestic: string, intl?: string): string {
  const template = dial === '86' ? domestic : intl;
  if (!template)
    throw new SmsSendError(
      provider,
      'config',
      'NO_TEMPLATE',
      `no international template (${INTL_SETTING[provider]}) for +${dial}`,
    );
  return template;
}

/** Rejects after `ms` with a time-out, so a vendor that never answers cannot hold a request longer. */
export function withTimeout<T>(work: Promise<T>, ms: number, provider: SmsProvider['kind']): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmsSendError(provider, 'timeout', 'TIMEOUT', `no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
