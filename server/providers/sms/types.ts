/** What an SMS provider is given and keeps (see ./index.ts). */
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
