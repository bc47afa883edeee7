/**
 * Registration (docs/product.md#calls): the phone, the password and the SMS code, then the account and its first
 * session. `checkRegistration` and `createAccount` are shared with the scan login's "register with WeChat".
 */

import type { RegisteInfo, RegisterInput, UserInfo } from '../../shared/contract/accounts';
import type { SignupMethod } from '../../shared/contract/console';

export type { RegisterInput };

import type { RequestFacts } from '../api/http';
import { enqueueConversions } from '../conversions/outbox';
import type { Queryable } from '../db/database';
import { limit } from '../limits/rules';
import { enqueueWebhookEvent } from '../webhooks/events';
import { consumeCode } from './codes';
import { type AccountsContext, commitThenThrow, phoneKey, requireGoodPassword } from './context';
import * as errors from './errors';
import { hashPassword } from './passwords';
import { startSession } from './sessions';
import { findUserByPhone, insertUser, type PhoneKey, type UserRow } from './users';

/**
 * The checks of a registration that need no database: the phone fits its country (40011) and the password is
 * acceptable (40000 / 40012). They come before the code, so they cost no try.
 */
export function checkRegistration(req: RequestFacts, input: RegisterInput): PhoneKey {
  const key = phoneKey(req, input.countryCode, input.phone);
  requireGoodPassword(input.password);
  return key;
}

/**
 * Creates the account inside the caller's transaction (the web registration, and the scan login's "register
 * with WeChat"): the address's register attempts (429), then the code, then the phone. A wrong code is returned
 * as a Refusal, because its counted try (and the counted attempt) must be committed; 40006 (thrown) only for a
 * right code, so a made-up code answers the same 40004 whether or not the phone has an account (decision 045).
 */
export async function createAccount(
  ctx: Pick<AccountsContext, 'limiter'>,
  tx: Queryable,
  req: RequestFacts,
  key: PhoneKey,
  input: RegisterInput,
  now: Date,
  signupMethod: SignupMethod = 'password',
): Promise<UserRow | errors.Refusal> {
  const checks = [limit.registerAttemptsPerIp(req.ip)];
  const wait = await ctx.limiter.check(tx, checks, now);
  if (wait) throw errors.tooMany(wait);
  await ctx.limiter.consume(tx, checks, now);
  if ((await consumeCode(tx, { ...key, purpose: 'register' }, input.code, now)) !== 'ok')
    return new errors.Refusal(errors.wrongCode());
  // Only someone who received the code gets here: telling them the phone is taken tells them nothing new.
  if (await findUserByPhone(tx, key)) throw errors.phoneRegistered();
  const user = await insertAccount(
    tx,
    req,
    key,
    { ...input, passwordHash: await hashPassword(input.password) },
    now,
    signupMethod,
  );
  // Someone registered the phone between the check and the insert: roll back (the code stays usable).
  if (!user) throw errors.phoneRegistered();
  return user;
}

/** What an account is created with, beside its phone (registration's fields, the password already hashed). */
export interface AccountFields {
  nickname: string;
  /** An argon2id hash, or NO_PASSWORD (passwords.ts) for an account created by a code login. */
  passwordHash: string;
  channelId: number;
  clientId: string;
  inviteCode?: string | null;
  registeInfo?: RegisteInfo;
}

/**
 * Inserts the account and raises what a new account raises, in the caller's transaction (registration and the
 * one-step SMS sign-in): the ad conversions of its click ids and the `user.registered` webhook. null when the
 * phone was registered meanwhile (nothing is raised then).
 */
export async function insertAccount(
  tx: Queryable,
  req: RequestFacts,
  key: PhoneKey,
  fields: AccountFields,
  now: Date,
  signupMethod: SignupMethod,
): Promise<UserRow | null> {
  const user = await insertUser(
    tx,
    {
      ...key,
      nickname: fields.nickname,
      passwordHash: fields.passwordHash,
      channelId: fields.channelId,
      clientId: fields.clientId,
      inviteCode: fields.inviteCode || null,
      registeInfo: fields.registeInfo ?? {},
      ip: req.ip,
      signupMethod,
    },
    now,
  );
  if (!user) return null;
  // An ad click id is reported from the server, committed with the account (server/conversions/outbox.ts).
  await enqueueConversions(tx, user, { ...(fields.registeInfo ?? {}) }, now);
  await enqueueWebhookEvent(tx, 'user.registered', user, {}, now);
  return user;
}

export async function register(ctx: AccountsContext, req: RequestFacts, input: RegisterInput): Promise<UserInfo> {
  const key = checkRegistration(req, input);
  const now = ctx.now();
  // An address this process just found at its limit is refused without the database (limits/rate-limiter.ts).
  const known = ctx.limiter.knownWait([limit.registerAttemptsPerIp(req.ip)], now);
  if (known) throw errors.tooMany(known);
  return commitThenThrow(ctx.db, async (tx) => {
    const user = await createAccount(ctx, tx, req, key, input, now);
    if (user instanceof errors.Refusal) return user;
    return startSession(tx, user, req, now);
  });
}
