/**
 * What every account flow shares (captcha.ts, sms.ts, registration.ts, login.ts, reset.ts, sessions.ts): the
 * context they run in, the transaction that commits a refusal's protective writes, and the input checks more
 * than one flow makes.
 *
 * Every step that can fail runs in a transaction, so a refused request leaves nothing half-written; the only
 * writes a refused request keeps are the ones that make the protection work (a wrong code's try, a failed
 * login's count, a spent captcha ticket). Times come from `ctx.now()`.
 *
 * Enumeration: login, code login, password reset and sending a login/reset code answer the same status and body
 * whether or not the phone is registered. The limits count unregistered phones too, and a login for a phone
 * without an account is checked against a dummy argon2id hash so it costs the same time.
 */
import type { RequestFacts } from '../api/http';
import type { Database, Queryable } from '../db/database';
import type { RateLimiter } from '../limits/rate-limiter';
import type { CaptchaProvider } from '../providers/captcha/index';
import type { SmsProvider } from '../providers/sms/index';
import * as errors from './errors';
import { checkPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords';
import { normalizePhone } from './phone';
import type { PhoneKey } from './users';

export interface AccountsContext {
  db: Database;
  now: () => Date;
  sms: SmsProvider;
  captcha: CaptchaProvider;
  /** The app's rate limiter (server/limits/rate-limiter.ts), shared by every flow. */
  limiter: RateLimiter;
}

/** The account a phone names: 40011 when the number does not fit its country. */
export function phoneKey(req: RequestFacts, countryCode: number, rawPhone: string): PhoneKey {
  const phone = normalizePhone(countryCode, rawPhone);
  if (!phone) throw errors.phoneInvalid();
  return { tenantId: req.tenantId, countryCode, phone };
}

/** 40000 / 40012 for a password that is too short, too long or too common. */
export function requireGoodPassword(password: string): void {
  const problem = checkPassword(password);
  if (problem === 'length') throw errors.passwordLength(PASSWORD_MIN, PASSWORD_MAX);
  if (problem === 'common') throw errors.passwordCommon();
}

/** Runs `work` in a transaction; an error it returns (rather than throws) is thrown after the commit. */
export async function commitThenThrow<R>(
  db: Database,
  work: (tx: Queryable) => Promise<R | errors.Refusal>,
): Promise<R> {
  const result = await db.transaction(work);
  if (result instanceof errors.Refusal) throw result.error;
  return result;
}
