/**
 * An SMS gateway reached over HTTP (its protocol: docs/api.md, "SMS"): a 2xx answer without `ok: false` is
 * a sent message; anything else, or no answer in time, a failed send.
 */
import type { SmsProvider } from './types';

export interface HttpGatewayOptions {
  url: string;
  key: string;
  timeoutMs?: number;
}

export function createHttpGateway(options: HttpGatewayOptions): SmsProvider {
  return {
    kind: 'http',
    async send(message) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.key}` },
        body: JSON.stringify({
          to: `+${message.dial}${message.phone}`,
          countryCode: message.dial,
          phone: message.phone,
          template: message.purpose === 'notice' ? 'notice' : 'verification_code',
          purpose: message.purpose,
          code: message.code,
          text: message.text,
          language: message.language,
          tenantId: message.tenantId,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      const answer = await response.text();
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}: ${answer.slice(0, 200)}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer);
      } catch {
        parsed = undefined;
      }
      if (parsed && typeof parsed === 'object' && (parsed as { ok?: unknown }).ok === false)
        throw new Error(`SMS gateway refused the message: ${answer.slice(0, 200)}`);
    },
  };
}
