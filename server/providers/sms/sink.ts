/**
 * The built-in SMS provider: each code goes to the log as one line (`[sms] +86 13800138000 register code 123456`,
 * which the browser tests read) and to the development-only outbox; a notice goes to the log only.
 */
import type { OutboxEntry, SmsProvider } from './types';

const KEEP = 200;

export function createSmsSink(options: { now: () => Date; log?: (line: string) => void }): SmsProvider {
  const entries: OutboxEntry[] = [];
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    kind: 'builtin',
    async send(message) {
      // A notice (a WeChat was bound) carries no code: the log has its text; the outbox keeps codes only.
      if (message.purpose === 'notice') return log(`[sms] +${message.dial} ${message.phone} notice ${message.text}`);
      log(`[sms] +${message.dial} ${message.phone} ${message.purpose} code ${message.code}`);
      entries.unshift({
        phone: message.phone,
        countryCode: message.countryCode,
        purpose: message.purpose,
        code: message.code,
        sentAt: options.now().toISOString(),
      });
      entries.length = Math.min(entries.length, KEEP);
    },
    outbox: (phone) => entries.filter((entry) => phone === undefined || entry.phone === phone),
  };
}
