/** The `users` table, one function per question the flows ask, and what the API shows of a user. */
import type { RegisteInfo } from '../../shared/contract/accounts';
import type { SignupMethod } from '../../shared/contract/console';
import { shanghaiDay } from '../../shared/shanghai-day';
import type { Queryable } from '../db/database';
import { maskPhone } from './phone';

export const TRIAL_DAYS = 3;

export type { RegisteInfo };

export interface UserRow {
  id: number;
  tenant_id: number;
  country_code: number;
  phone: string;
  nickname: string;
  password_hash: string;
  channel_id: number;
  client_id: string;
  invite_code: string | null;
  registe_info: RegisteInfo;
  created_ip: string;
  created_at: Date;
  /** Set by an operator's ban (`npm run admin -- ban`): the account can no longer log in by any means. */
  banned_at: Date | null;
  ban_reason: string | null;
  /** How the account was created (null for accounts from before it was recorded). */
  signup_method: SignupMethod | null;
  /** When its seller first opened the workbench (the console's sign-ups funnel). */
  first_workbench_at: Date | null;
  /** A pending closure (migration 013): when asked for, and when the sweep erases the personal data. */
  closure_requested_at?: Date | null;
  closure_erases_at?: Date | null;
  /** When the sweep erased the account's personal data. */
  erased_at?: Date | null;
  password_changed_at?: Date | null;
}

export interface PhoneKey {
  tenantId: number;
  countryCode: number;
  phone: string;
}

export async function findUserByPhone(tx: Queryable, key: PhoneKey): Promise<UserRow | null> {
  const [row] = await tx.query<UserRow>(
    'select * from users where tenant_id = $1 and country_code = $2 and phone = $3',
    [key.tenantId, key.countryCode, key.phone],
  );
  return row ?? null;
}

export async function findUserById(tx: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await tx.query<UserRow>('select * from users where id = $1', [id]);
  return row ?? null;
}

export interface NewUser extends PhoneKey {
  nickname: string;
  passwordHash: string;
  channelId: number;
  clientId: string;
  inviteCode: string | null;
  registeInfo: RegisteInfo;
  ip: string;
  /** null: not recorded (accounts made by scripts and tests). */
  signupMethod?: SignupMethod | null;
}

/** Inserts the user; null when the phone is already registered for the tenant (a concurrent registration). */
export async function insertUser(tx: Queryable, user: NewUser, now: Date): Promise<UserRow | null> {
  const [row] = await tx.query<UserRow>(
    `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, invite_code,
                        registe_info, created_ip, created_at, password_changed_at, signup_method)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $11, $12)
     on conflict (tenant_id, country_code, phone) do nothing
     returning *`,
    [
      user.tenantId,
      user.countryCode,
      user.phone,
      user.nickname,
      user.passwordHash,
      user.channelId,
      user.clientId,
      user.inviteCode,
      JSON.stringify(user.registeInfo),
      user.ip,
      now,
      user.signupMethod ?? null,
    ],
  );
  return row ?? null;
}

export async function updatePassword(tx: Queryable, userId: number, passwordHash: string, now: Date): Promise<void> {
  await tx.query('update users set password_hash = $2, password_changed_at = $3 where id = $1', [
    userId,
    passwordHash,
    now,
  ]);
}

/** Records the first workbench visit (a write only the first time: the caller checks `first_workbench_at`). */
export async function recordFirstWorkbench(tx: Queryable, userId: number, now: Date): Promise<void> {
  await tx.query('update users set first_workbench_at = $2 where id = $1 and first_workbench_at is null', [
    userId,
    now,
  ]);
}

/** One more registration SMS code sent today (Asia/Shanghai, UTC+8 all year) for the tenant. */
export async function countRegisterSms(tx: Queryable, tenantId: number, now: Date): Promise<void> {
  const day = shanghaiDay(now);
  await tx.query(
    `insert into sms_register_daily (tenant_id, day, sent) values ($1, $2, 1)
     on conflict (tenant_id, day) do update set sent = sms_register_daily.sent + 1`,
    [tenantId, day],
  );
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
