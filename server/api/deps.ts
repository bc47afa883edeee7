/** What the API modules are given. Without providers (a module's tests) the built-in SMS sink and slider are used. */

import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import type { RateLimiter } from '../limits/rate-limiter';
import { builtinCaptcha, type CaptchaProvider } from '../providers/captcha/index';
import type { MessagingProvider } from '../providers/messaging/types';
import type { SmsProvider } from '../providers/sms/index';
import { createSmsSink } from '../providers/sms/sink';
import type { ScanContext } from '../scan-login/context';

export interface ApiDeps {
  db: Database;
  settings: Settings;
  now: () => Date;
  /** The app's rate limiter (server/limits/rate-limiter.ts): one per app, so what it remembers serves every module. */
  limiter: RateLimiter;
  sms?: SmsProvider;
  captcha?: CaptchaProvider;
  /** The messaging platform of the QR login (server/providers/messaging); without it creating a code is a 503. */
  messaging?: MessagingProvider;
}

const contexts = new WeakMap<ApiDeps, ScanContext>();

/** The one context of the accounts and scan-login flows of an API (its routes and the poll's fast path). */
export function flowContext(deps: ApiDeps): ScanContext {
  let ctx = contexts.get(deps);
  if (!ctx) {
    ctx = {
      db: deps.db,
      now: deps.now,
      sms: deps.sms ?? createSmsSink({ now: deps.now }),
      captcha: deps.captcha ?? builtinCaptcha,
      messaging: deps.messaging,
      qrTtlSeconds: deps.settings.wx.qrTtlSeconds,
      limiter: deps.limiter,
      smsBudget: deps.settings.smsBudget,
    };
    contexts.set(deps, ctx);
  }
  return ctx;
}
