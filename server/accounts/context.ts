/**
 * What every account flow shares: its context, the transaction that commits a refusal's protective writes (a
 * wrong code's try, a failed login's count, a spent captcha ticket) and the input checks of several flows. Login,
 * reset and their codes answer alike whether or not the phone is registered (docs/product.md#rules).
 */
import type { RequestFacts } from '../api/http';
import type { Settings } from '../config/settings';
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
  /** The SMS budgets (settings SMS_BUDGET_*); without them, the settings' defaults. */
  smsBudget?: Settings['smsBudget'];
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
