/**
 * A third-party captcha verified by the "siteverify" convention of Turnstile, hCaptcha and reCAPTCHA: a form POST
 * of `secret`, `response`, `remoteip` and `sitekey`, answered `{"success": true}`. Anything else is "not verified".
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
