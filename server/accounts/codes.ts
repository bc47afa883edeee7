/**
 * SMS verification codes: 6 digits from the CSPRNG, valid 5 minutes, single use, bound to tenant + phone +
 * purpose, stored only as HMAC-SHA256 keyed by a per-code salt, burnt after 5 wrong tries. Sending a new code
 * retires the earlier ones of the same binding, so only the newest code works.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { CODE_MAX_ATTEMPTS } from '../limits/rules';
import type { SmsPurpose } from '../providers/sms/index';

export const CODE_TTL_SECONDS = 300;

export interface CodeBinding {
  tenantId: number;
  countryCode: number;
  phone: string;
  purpose: SmsPurpose;
}

function digest(salt: string, code: string): string {
  return createHmac('sha256', Buffer.from(salt, 'base64url')).update(code).digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Stores a fresh code for the binding (retiring older ones) and returns it with its row id. */
export async function issueCode(tx: Queryable, binding: CodeBinding, now: Date): Promise<{ id: number; code: string }> {
  const code = newCode();
  const salt = randomBytes(16).toString('base64url');
  await tx.query(
    `update sms_codes set used_at = $5
      where tenant_id = $1 and country_code = $2 and phone = $3 and purpose = $4 and used_at is null`,
    [binding.tenantId, binding.countryCode, binding.phone, binding.purpose, now],
  );
  const [row] = await tx.query<{ id: number }>(
    `insert into sms_codes (tenant_id, country_code, phone, purpose, salt, code_hash, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      binding.tenantId,
      binding.countryCode,
      binding.phone,
      binding.purpose,
      salt,
      digest(salt, code),
      now,
      new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    ],
  );
  return { id: row.id, code };
}

export type CodeCheck = 'ok' | 'wrong';

/**
 * Checks a code against the binding's live code. A match uses the code up; a miss counts a try (the 5th miss
 * burns it). The caller must commit even on 'wrong', so the try is counted.
 */
export async function consumeCode(tx: Queryable, binding: CodeBinding, code: string, now: Date): Promise<CodeCheck> {
  const [live] = await tx.query<{ id: number; salt: string; code_hash: string; attempts: number }>(
    `select id, salt, code_hash, attempts from sms_codes
      where tenant_id = $1 and country_code = $2 and phone = $3 and purpose = $4
        and used_at is null and expires_at > $5 and attempts < $6
      order by created_at desc limit 1
      for update`,
    [binding.tenantId, binding.countryCode, binding.phone, binding.purpose, now, CODE_MAX_ATTEMPTS],
  );
  if (!live) return 'wrong';
  const expected = Buffer.from(live.code_hash, 'hex');
  const actual = Buffer.from(digest(live.salt, code), 'hex');
  if (timingSafeEqual(expected, actual)) {
    await tx.query('update sms_codes set used_at = $2 where id = $1', [live.id, now]);
    return 'ok';
  }
  await tx.query('update sms_codes set attempts = attempts + 1 where id = $1', [live.id]);
  return 'wrong';
}
