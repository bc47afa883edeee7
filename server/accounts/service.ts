/**
 * The account flows behind the API (issue 3): captcha, SMS codes, register, login, password reset, logout and
 * the session check. Every step that can fail runs in a transaction, so a refused request leaves nothing
 * half-written; the only writes a refused request keeps are the ones that make the protection work (a wrong
 * code's try, a failed login's count, a spent captcha ticket). Times come from `ctx.now()`.
 *
 * Enumeration: login, code login, password reset and sending a login/reset code answer the same status and body
 * whether or not the phone is registered. The limits count unregistered phones too, and a login for a phone
 * without an account is checked against a dummy argon2id hash so it costs the same time.
 */
import { brands } from '../../shared/brand';
import type { UserInfo } from '../../shared/contract/accounts';
import type { RequestFacts } from '../api/http';
import type { Database, Queryable } from '../db/database';
import {
  backoffSeconds,
  bucket,
  forgetEvents,
  LIMITS,
  LOGIN_BACKOFF,
  lockBuckets,
  recordEvent,
  retryAfter,
} from '../limits';
import { log } from '../log';
import type { CaptchaProvider } from '../providers/captcha/index';
import { dataUrl, PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH, placeGap, renderPuzzle } from '../providers/captcha/slider';
import { type SmsProvider, smsText } from '../providers/sms/index';
import {
  answerPuzzle,
  PUZZLE_TTL_SECONDS,
  recordRemoteTicket,
  redeemTicket,
  storePuzzle,
  TICKET_TTL_SECONDS,
} from './captcha';
import { CODE_TTL_SECONDS, consumeCode, issueCode, type Purpose } from './codes';
import * as errors from './errors';
import {
  checkPassword,
  dummyPasswordHash,
  hashPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  verifyPassword,
} from './passwords';
import { COUNTRIES, maskPhone, normalizePhone } from './phone';
import { createSession, revokeAllSessions, revokeSession, sessionAccount, TOKEN_PATTERN } from './sessions';
import { findUserByPhone, insertUser, type PhoneKey, type RegisteInfo, type UserRow, updatePassword } from './users';

export interface AccountsContext {
  db: Database;
  now: () => Date;
  sms: SmsProvider;
  captcha: CaptchaProvider;
}

const TRIAL_DAYS = 3;
export const SMS_RESEND_SECONDS = LIMITS.smsPerPhone[0].windowSeconds;

export type { UserInfo };

export function userInfo(user: UserRow, token: string): UserInfo {
  return {
    userId: user.id,
    userName: user.nickname,
    nickname: user.nickname,
    phone: maskPhone(user.phone),
    countryCode: user.country_code,
    tenantId: user.tenant_id,
    Authorization: token,
  };
}

function phoneKey(req: RequestFacts, countryCode: number, rawPhone: string): PhoneKey {
  const phone = normalizePhone(countryCode, rawPhone);
  if (!phone) throw errors.phoneInvalid();
  return { tenantId: req.tenantId, countryCode, phone };
}

function requireGoodPassword(password: string): void {
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

// ---- captcha ------------------------------------------------------------------------------------------------

export function captchaConfig(ctx: AccountsContext) {
  return { provider: ctx.captcha.kind, appId: ctx.captcha.appId };
}

export async function newPuzzle(ctx: AccountsContext, req: RequestFacts) {
  const now = ctx.now();
  const ipBucket = bucket.puzzleIp(req.ip);
  // The gap's place is drawn first, so the picture (the costly part) is only painted for an allowed request.
  const { x, y } = placeGap();
  const captchaId = await ctx.db.transaction(async (tx) => {
    await lockBuckets(tx, [ipBucket]);
    const wait = await retryAfter(tx, ipBucket, LIMITS.puzzlesPerIp, now);
    if (wait) throw errors.tooMany(wait);
    await recordEvent(tx, ipBucket, LIMITS.puzzlesPerIp, now);
    return storePuzzle(tx, x, now);
  });
  const puzzle = renderPuzzle({ x, y });
  return {
    captchaId,
    image: dataUrl(puzzle.background),
    piece: dataUrl(puzzle.piece),
    width: PUZZLE_WIDTH,
    height: PUZZLE_HEIGHT,
    pieceSize: PIECE_SIZE,
    pieceY: y,
    expiresIn: PUZZLE_TTL_SECONDS,
  };
}

export async function verifyPuzzle(ctx: AccountsContext, input: { captchaId: string; x: number }) {
  const answer = await ctx.db.transaction((tx) => answerPuzzle(tx, input.captchaId, input.x, ctx.now()));
  if (answer.outcome === 'expired') throw errors.captchaExpired();
  if (answer.outcome === 'wrong') throw errors.captchaFailed();
  return { ticket: answer.ticket, expiresIn: TICKET_TTL_SECONDS };
}

// ---- SMS codes ----------------------------------------------------------------------------------------------

export interface SendCodeInput {
  phone: string;
  countryCode: number;
  purpose: Purpose;
  ticket: string;
}

async function sendWait(tx: Queryable, phoneBucket: string, ipBucket: string, now: Date): Promise<number> {
  return Math.max(
    await retryAfter(tx, phoneBucket, LIMITS.smsPerPhone, now),
    await retryAfter(tx, ipBucket, LIMITS.smsPerIp, now),
  );
}

export async function sendCode(ctx: AccountsContext, req: RequestFacts, input: SendCodeInput) {
  const key = phoneKey(req, input.countryCode, input.phone);
  const now = ctx.now();
  const phoneBucket = bucket.smsPhone(key.countryCode, key.phone);
  const ipBucket = bucket.smsIp(req.ip);
  const { captcha } = ctx;

  if (captcha.kind === 'remote') {
    // Ask the provider only for a request the limits allow, so a 429 does not waste the user's check.
    const wait = await sendWait(ctx.db, phoneBucket, ipBucket, now);
    if (wait) throw errors.tooMany(wait);
    if (!(await captcha.verify(input.ticket, req.ip))) throw errors.needCaptcha();
  }

  const outcome = await commitThenThrow(ctx.db, async (tx) => {
    await lockBuckets(tx, [phoneBucket, ipBucket]);
    const wait = await sendWait(tx, phoneBucket, ipBucket, now);
    if (wait) throw errors.tooMany(wait);
    const genuine =
      captcha.kind === 'remote'
        ? await recordRemoteTicket(tx, input.ticket, now)
        : await redeemTicket(tx, input.ticket, now);
    if (!genuine) throw errors.needCaptcha();
    // From here on the request counts, whatever the answer: the ticket is spent and the limits count the send.
    const events = [
      await recordEvent(tx, phoneBucket, LIMITS.smsPerPhone, now),
      await recordEvent(tx, ipBucket, LIMITS.smsPerIp, now),
    ];
    const user = await findUserByPhone(tx, key);
    if (input.purpose === 'register' && user) return new errors.Refusal(errors.phoneRegistered());
    // No account to log in to or to reset: answer as if sent, send nothing.
    if (input.purpose !== 'register' && !user) return { events, issued: null };
    const issued = await issueCode(tx, { ...key, purpose: input.purpose }, now);
    return { events, issued };
  });

  if (outcome.issued) {
    const brandName = brands[req.brandId].name[req.language];
    const message = { brandName, code: outcome.issued.code, language: req.language };
    try {
      await ctx.sms.send({
        tenantId: req.tenantId,
        brandName,
        countryCode: key.countryCode,
        dial: COUNTRIES.get(key.countryCode)?.dial ?? '',
        phone: key.phone,
        purpose: input.purpose,
        code: outcome.issued.code,
        language: req.language,
        text: smsText(message, CODE_TTL_SECONDS / 60),
      });
    } catch (error) {
      log.error({ err: error }, '[sms] send failed');
      // Nothing was sent: the code and the counted send are taken back (the captcha ticket stays spent).
      const issuedId = outcome.issued.id;
      await ctx.db.transaction(async (tx) => {
        await tx.query('delete from sms_codes where id = $1', [issuedId]);
        await forgetEvents(tx, outcome.events);
      });
      throw errors.smsFailed();
    }
  }
  return { resendIn: SMS_RESEND_SECONDS, expiresIn: CODE_TTL_SECONDS };
}

// ---- register -----------------------------------------------------------------------------------------------

export interface RegisterInput {
  phone: string;
  countryCode: number;
  code: string;
  password: string;
  nickname: string;
  inviteCode?: string | null;
  channelId: number;
  clientId: string;
  registeInfo?: RegisteInfo;
}

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
 * with WeChat"): 40006 (thrown) when the phone is taken; a wrong code is returned as a Refusal, because its
 * counted try must be committed.
 */
export async function createAccount(
  tx: Queryable,
  req: RequestFacts,
  key: PhoneKey,
  input: RegisterInput,
  now: Date,
): Promise<UserRow | errors.Refusal> {
  if (await findUserByPhone(tx, key)) throw errors.phoneRegistered();
  if ((await consumeCode(tx, { ...key, purpose: 'register' }, input.code, now)) !== 'ok')
    return new errors.Refusal(errors.wrongCode());
  const user = await insertUser(
    tx,
    {
      ...key,
      nickname: input.nickname,
      passwordHash: await hashPassword(input.password),
      channelId: input.channelId,
      clientId: input.clientId,
      inviteCode: input.inviteCode || null,
      registeInfo: input.registeInfo ?? {},
      ip: req.ip,
    },
    now,
  );
  // Someone registered the phone between the check and the insert: roll back (the code stays usable).
  if (!user) throw errors.phoneRegistered();
  return user;
}

/** A new session for the user, as the login answers it. */
export async function startSession(tx: Queryable, user: UserRow, req: RequestFacts, now: Date): Promise<UserInfo> {
  const token = await createSession(tx, { userId: user.id, tenantId: user.tenant_id, ip: req.ip }, now);
  return userInfo(user, token);
}

export async function register(ctx: AccountsContext, req: RequestFacts, input: RegisterInput): Promise<UserInfo> {
  const key = checkRegistration(req, input);
  const now = ctx.now();
  return commitThenThrow(ctx.db, async (tx) => {
    const user = await createAccount(tx, req, key, input, now);
    if (user instanceof errors.Refusal) return user;
    return startSession(tx, user, req, now);
  });
}

// ---- login --------------------------------------------------------------------------------------------------

export type LoginInput =
  | { phone: string; countryCode: number; password: string; code?: undefined }
  | { phone: string; countryCode: number; code: string; password?: undefined };

interface LoginThrottleRow {
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

/**
 * Counts the attempt as a failure before checking it (and takes the count back on success), so parallel
 * attempts cannot all slip through before the back-off starts.
 */
async function reserveLoginAttempt(tx: Queryable, key: PhoneKey, ip: string, now: Date): Promise<number[]> {
  const accountBucket = bucket.loginAccount(key.tenantId, key.countryCode, key.phone);
  const ipBucket = bucket.loginIp(ip);
  await lockBuckets(tx, [accountBucket, ipBucket]);
  const [throttle] = await tx.query<LoginThrottleRow>(
    'select failures, last_failure_at, locked_until from login_throttles where tenant_id = $1 and country_code = $2 and phone = $3',
    [key.tenantId, key.countryCode, key.phone],
  );
  const locked = throttle?.locked_until ? Math.ceil((throttle.locked_until.getTime() - now.getTime()) / 1000) : 0;
  const wait = Math.max(
    locked,
    await retryAfter(tx, ipBucket, LIMITS.loginFailuresPerIp, now),
    await retryAfter(tx, accountBucket, LIMITS.loginFailuresPerAccount, now),
  );
  if (wait > 0) throw errors.tooMany(wait, 'login');

  const recent =
    throttle && now.getTime() - throttle.last_failure_at.getTime() < LOGIN_BACKOFF.forgetAfterSeconds * 1000;
  const failures = (recent ? throttle.failures : 0) + 1;
  const backoff = backoffSeconds(failures);
  await tx.query(
    `insert into login_throttles (tenant_id, country_code, phone, failures, last_failure_at, locked_until)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (tenant_id, country_code, phone)
     do update set failures = excluded.failures, last_failure_at = excluded.last_failure_at,
                   locked_until = excluded.locked_until`,
    [
      key.tenantId,
      key.countryCode,
      key.phone,
      failures,
      now,
      backoff ? new Date(now.getTime() + backoff * 1000) : null,
    ],
  );
  return [
    await recordEvent(tx, accountBucket, LIMITS.loginFailuresPerAccount, now),
    await recordEvent(tx, ipBucket, LIMITS.loginFailuresPerIp, now),
  ];
}

async function clearLoginFailures(tx: Queryable, key: PhoneKey, events?: number[]): Promise<void> {
  await tx.query('delete from login_throttles where tenant_id = $1 and country_code = $2 and phone = $3', [
    key.tenantId,
    key.countryCode,
    key.phone,
  ]);
  if (events) await forgetEvents(tx, events);
  else
    await tx.query('delete from rate_events where bucket = $1', [
      bucket.loginAccount(key.tenantId, key.countryCode, key.phone),
    ]);
}

/** Credentials that passed the check: the account, and the failure counted for the attempt (to take back). */
export interface VerifiedLogin {
  user: UserRow;
  key: PhoneKey;
  events: number[];
}

/**
 * The credential check of a login (the web login, and binding a WeChat identity to an account): the limits
 * and back-off (429), the phone (40011), then the password (argon2id, against a dummy hash when the phone has no
 * account) or the login code. 40003 / 40004 alike for a wrong secret and an unregistered phone. On success the
 * attempt is still counted as a failure: the caller clears it with `clearLoginAttempt` in the transaction that
 * completes the login. A banned account passes this check (the caller refuses it, after the check).
 */
export async function verifyLogin(ctx: AccountsContext, req: RequestFacts, input: LoginInput): Promise<VerifiedLogin> {
  const key = phoneKey(req, input.countryCode, input.phone);
  const now = ctx.now();
  const { events, user } = await ctx.db.transaction(async (tx) => ({
    events: await reserveLoginAttempt(tx, key, req.ip, now),
    user: await findUserByPhone(tx, key),
  }));

  let valid: boolean;
  if (input.password !== undefined) {
    // The same argon2id work whether or not the phone has an account.
    const matches = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
    valid = matches && user !== null;
  } else {
    const check = await ctx.db.transaction((tx) => consumeCode(tx, { ...key, purpose: 'login' }, input.code, now));
    valid = check === 'ok' && user !== null;
  }
  if (!valid || !user) throw input.password !== undefined ? errors.wrongCredentials() : errors.wrongCode();
  return { user, key, events };
}

/** Takes back the failure `verifyLogin` counted and ends the back-off: the credentials were right. */
export async function clearLoginAttempt(tx: Queryable, verified: VerifiedLogin): Promise<void> {
  await clearLoginFailures(tx, verified.key, verified.events);
}

export async function login(ctx: AccountsContext, req: RequestFacts, input: LoginInput): Promise<UserInfo> {
  const verified = await verifyLogin(ctx, req, input);
  const now = ctx.now();
  return commitThenThrow(ctx.db, async (tx) => {
    await clearLoginAttempt(tx, verified);
    // Refused after the credentials check, so a ban tells nothing to someone without them.
    if (verified.user.banned_at) return new errors.Refusal(errors.accountBanned());
    return startSession(tx, verified.user, req, now);
  });
}

// ---- password reset -----------------------------------------------------------------------------------------

export interface ResetInput {
  phone: string;
  countryCode: number;
  code: string;
  password: string;
}

/** A login lock-out does not stop this: it checks the code only, and clears the lock-out when it succeeds. */
export async function resetPassword(ctx: AccountsContext, req: RequestFacts, input: ResetInput): Promise<void> {
  const key = phoneKey(req, input.countryCode, input.phone);
  requireGoodPassword(input.password);
  const now = ctx.now();
  await commitThenThrow(ctx.db, async (tx) => {
    const user = await findUserByPhone(tx, key);
    // Checked for every phone (an unregistered one simply has no code), so both answer alike.
    const check = await consumeCode(tx, { ...key, purpose: 'reset' }, input.code, now);
    if (check !== 'ok' || !user) return new errors.Refusal(errors.wrongCode());
    await updatePassword(tx, user.id, await hashPassword(input.password), now);
    await revokeAllSessions(tx, user.id, now);
    await clearLoginFailures(tx, key);
    return null;
  });
}

// ---- sessions -----------------------------------------------------------------------------------------------

/** The user a token belongs to: HTTP 401 code 401 without a well-formed token, code 40002 when it is dead. */
export async function authenticate(ctx: AccountsContext, req: RequestFacts, token: string | undefined) {
  if (!token || !TOKEN_PATTERN.test(token)) throw errors.needLogin();
  const user = await sessionAccount(ctx.db, token, req.tenantId, ctx.now());
  if (!user) throw errors.sessionExpired();
  return user;
}

/** Revokes a token that `authenticate` accepted. */
export async function logout(ctx: AccountsContext, token: string): Promise<void> {
  await revokeSession(ctx.db, token, ctx.now());
}

export function baseInfo(user: UserRow) {
  return {
    userName: user.nickname,
    nickname: user.nickname,
    phone: maskPhone(user.phone),
    countryCode: user.country_code,
    tenantId: user.tenant_id,
    createdAt: user.created_at.toISOString(),
  };
}

export function customerInfo(user: UserRow) {
  return {
    userId: user.id,
    userName: user.nickname,
    nickname: user.nickname,
    tenantId: user.tenant_id,
    channelId: user.channel_id,
    clientId: user.client_id,
    inviteCode: user.invite_code,
    trialEndsAt: new Date(user.created_at.getTime() + TRIAL_DAYS * 24 * 3600 * 1000).toISOString(),
    registeInfo: user.registe_info,
  };
}
