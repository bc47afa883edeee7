/**
 * The signed preview link of an article's working copy: `<id>.<expiry in ms>.<HMAC-SHA256>` (base64url), nothing
 * stored. The key is the install's own secret in app_settings (made on first use, the same for every process, carried
 * by backups): a link works for PREVIEW_LINK_TTL_MS, for anyone holding it, on every process.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { installSecret } from '../db/install-secret';

/** The app_settings key of the preview links' secret. */
export const PREVIEW_SECRET_KEY = 'college_preview_secret';

const secrets = new WeakMap<Queryable, Promise<string>>();

/**
 * The install's preview secret, made on first use (concurrent first uses agree on one), read once per database
 * object (a failed read is tried again next time).
 */
export function previewSecret(db: Queryable): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = installSecret(db, PREVIEW_SECRET_KEY).catch((error) => {
      secrets.delete(db);
      throw error;
    });
    secrets.set(db, secret);
  }
  return secret;
}

/** A token's shape (`<id>.<expiry in ms>.<signature>`): anything else is refused before the secret is loaded. */
export const PREVIEW_TOKEN = /^([1-9]\d{0,8})\.(\d{1,15})\.([\w-]{43})$/;

const signature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`college-preview:${body}`).digest('base64url');

/** A token naming article `id` until `expiresAt`. */
export function signPreviewToken(id: number, expiresAt: Date, secret: string): string {
  const body = `${id}.${expiresAt.getTime()}`;
  return `${body}.${signature(secret, body)}`;
}

/** The article id of a token signed with `secret` and not expired at `now`; null for anything else. */
export function verifyPreviewToken(token: string, secret: string, now: Date): { id: number; expiresAt: Date } | null {
  const parts = PREVIEW_TOKEN.exec(token);
  if (!parts) return null;
  const [, id, expiry, sent] = parts;
  const expected = Buffer.from(signature(secret, `${id}.${expiry}`));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(Number(expiry) > now.getTime())) return null;
  return { id: Number(id), expiresAt: new Date(Number(expiry)) };
}
