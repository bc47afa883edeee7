/**
 * The built-in SMS provider: no network. Each code goes to the server log as one line,
 *   [sms] +86 13800138000 register code 123456
 * (the browser tests read codes from it, since they run the production build) and into a short in-memory list
 * that the development-only outbox call shows.
 */
import type { OutboxEntry, SmsProvider } from './types';

const KEEP = 200;

export function createSmsSink(options: { now: () => Date; log?: (line: string) => void }): SmsProvider {
  const entries: OutboxEntry[] = [];
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    kind: 'builtin',
    async send(message) {
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
