/**
 * The platform's webhook signature: SHA-1 (hex) of the token, the timestamp and the nonce, sorted as strings
 * and joined without a separator. The webhook compares it in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function webhookSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/** Whether `signature` is the right one for these values (constant time; false for anything malformed). */
export function verifyWebhookSignature(
  token: string,
  timestamp: string,
  nonce: string,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{40}$/i.test(signature)) return false;
  const expected = Buffer.from(webhookSignature(token, timestamp, nonce), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
