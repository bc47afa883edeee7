/**
 * An SMS gateway reached over HTTP: POST `SMS_GATEWAY_URL` with `Authorization: Bearer SMS_GATEWAY_KEY` and a
 * JSON body
 *   { to: "+8613800138000", countryCode: "86", phone: "13800138000", template: "verification_code",
 *     purpose: "register", code: "123456", text: "【星达通】您的验证码是 …", language: "zh", tenantId: 14 }
 * Any 2xx answer means the gateway took the message (unless its JSON says `ok: false`); any other answer, a
 * network error or no answer within the time-out is a failed send (the caller answers 502, code 40013). Most
 * commercial gateways need a small relay that maps this body to their own API; the body carries both the
 * template parameters and the finished text so either kind can be fed.
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
          template: 'verification_code',
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
