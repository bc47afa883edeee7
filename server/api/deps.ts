/**
 * What the API modules are given: the database, the settings, a clock (tests move it forward), the app's rate
 * limiter and the outside services. The providers are optional so a module's tests can leave them out: the
 * accounts API then uses the built-in SMS sink and the built-in slider captcha.
 */

import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import type { RateLimiter } from '../limits/rate-limiter';
import type { CaptchaProvider } from '../providers/captcha/index';
import type { MessagingProvider } from '../providers/messaging/types';
import type { SmsProvider } from '../providers/sms/index';

export interface ApiDeps {
  db: Database;
  settings: Settings;
  now: () => Date;
  /** The app's rate limiter (server/limits/rate-limiter.ts): one per app, so what it remembers serves every module. */
  limiter: RateLimiter;
  /** Where SMS codes go (server/providers/sms). */
  sms?: SmsProvider;
  /** The captcha in front of SMS sends (server/providers/captcha). */
  captcha?: CaptchaProvider;
  /** The messaging platform of the QR login (server/providers/messaging); without it creating a code is a 503. */
  messaging?: MessagingProvider;
}
