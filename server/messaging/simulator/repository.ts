/** The simulator's identities, each owned by the phone browser that made it (its owner cookie's hash). */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';

export const OPEN_ID = /^[\w-]{1,128}$/;
export { NICKNAME_MAX } from '../../../shared/contract/accounts';

/** An open id shaped like the platform's: "o" and 27 base64url characters. */
export function newOpenId(): string {
  return `o${randomBytes(20).toString('base64url')}`;
}

export interface IdentityRow {
  open_id: string;
  nickname: string | null;
  phone: string | null;
  banned_at: Date | null;
  user_banned_at: Date | null;
}

/** The identities this phone browser made (its owner cookie's hash), newest first. */
export async function listIdentities(db: Database, tenantId: number, ownerHash: string): Promise<IdentityRow[]> {
  return db.query<IdentityRow>(
    `select i.open_id, i.nickname, u.phone, i.banned_at, u.banned_at as user_banned_at
       from wx_identities i left join users u on u.id = i.user_id
      where i.tenant_id = $1 and i.owner_hash = $2
      order by i.created_at desc, i.open_id
      limit 50`,
    [tenantId, ownerHash],
  );
}

/** Whether `openId` is one of this browser's identities. */
export async function ownsIdentity(
  db: Database,
  tenantId: number,
  openId: string,
  ownerHash: string,
): Promise<boolean> {
  const rows = await db.query('select 1 from wx_identities where tenant_id = $1 and open_id = $2 and owner_hash = $3', [
    tenantId,
    openId,
    ownerHash,
  ]);
  return rows.length > 0;
}

/** A new identity of this browser (its owner cookie's hash), not bound to an account. */
export async function createIdentity(
  db: Database,
  input: { tenantId: number; openId: string; nickname: string; now: Date; ownerHash: string | null },
): Promise<void> {
  await db.query(
    'insert into wx_identities (tenant_id, open_id, nickname, created_at, owner_hash) values ($1, $2, $3, $4, $5)',
    [input.tenantId, input.openId, input.nickname, input.now, input.ownerHash],
  );
}
