/** Small helpers for the phone pages' form posts: a size-limited form body and the same-origin check. */
import type { Context } from 'hono';
import { SIZE_LIMITS } from '../limits/rules';

const MAX_FORM_BYTES = SIZE_LIMITS.phoneForm;

/** The url-encoded form, or null when it is too large or not a form. */
export async function readForm(c: Context): Promise<URLSearchParams | null> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return null;
  if (Number(c.req.header('content-length') ?? '0') > MAX_FORM_BYTES) return null;
  const raw = await c.req.text();
  if (Buffer.byteLength(raw) > MAX_FORM_BYTES) return null;
  return new URLSearchParams(raw);
}

/** False when the browser says the post comes from another site (without those headers it passes). */
export function sameOrigin(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = c.req.header('origin');
  if (!origin) return true;
  // A privacy-minded browser may send "null": then only its own word that the post is same-origin counts.
  if (origin === 'null') return site === 'same-origin';
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false;
  }
}
