/**
 * A third-party captcha verified with the "siteverify" convention that Cloudflare Turnstile, hCaptcha and
 * reCAPTCHA share: POST `application/x-www-form-urlencoded` with `secret`, `response` (the ticket the widget
 * gave the browser), `remoteip` and `sitekey` (the app id) to the verify URL; the answer is JSON with
 * `success: true | false`. Anything else (an error status, bad JSON, no answer within the time-out) counts as
 * "not verified", so an outage never lets a request through.
 */

import { log } from '../../ops/log';
import type { RemoteCaptcha } from './types';

export interface RemoteCaptchaOptions {
  appId: string;
  secret: string;
  verifyUrl: string;
  timeoutMs?: number;
}

export function createRemoteCaptcha(options: RemoteCaptchaOptions): RemoteCaptcha {
  return {
    kind: 'remote',
    appId: options.appId,
    async verify(ticket, ip) {
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: options.secret, response: ticket, remoteip: ip, sitekey: options.appId }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch (error) {
        log.error({ err: error }, '[captcha] remote verify failed');
        return false;
      }
    },
  };
}
