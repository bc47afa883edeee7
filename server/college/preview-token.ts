/**
 * The signed preview link of a draft: `<id>.<expiry ms>.<HMAC-SHA256>` (base64url), nothing stored. Whoever holds
 * the link reads the article's working copy until it expires (PREVIEW_LINK_TTL_MS, a day); a changed id or expiry
 * breaks the signature. The secret is the install's own (made on first use, shared by every process through the
 * database).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';

const TOKEN = /^([1-9]\d{0,9})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

function signature(id: number, expiry: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`college-preview:${id}.${expiry}`).digest();
}

export function signPreviewToken(id: number, expiresAt: Date, secret: string): string {
  const expiry = expiresAt.getTime();
  return `${id}.${expiry}.${signature(id, expiry, secret).toString('base64url')}`;
}

/** The article of a preview token, or null when it is malformed, forged or expired at `now`. */
export function verifyPreviewToken(token: string, secret: string, now: Date): { id: number } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expiry = Number(match[2]);
  const given = Buffer.from(match[3], 'base64url');
  const expected = signature(id, expiry, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(expiry > now.getTime())) return null;
  return { id };
}

const SECRET_KEY = 'college_preview_secret';

/** The install's preview-link secret (made on first use; concurrent first uses agree on one). */
export async function previewSecret(db: Queryable): Promise<string> {
  await db.query('insert into app_settings (key, value) values ($1, $2) on conflict (key) do nothing', [
    SECRET_KEY,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('select value from app_settings where key = $1', [SECRET_KEY]);
  return row.value;
}
