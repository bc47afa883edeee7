/**
 * Attribution and invitations (docs/product.md#data). The ad and search parameters of the URL go into
 * localStorage `registeInfo` when they change, and the invite code of the brand's query key goes into the
 * `inviteCode` cookie for 365 days; the register form reads both back with `readAttribution()` and sends them.
 *
 * "When they change": a URL that carries at least one of the parameters replaces the stored set with its own
 * (the latest campaign click wins); a URL without any leaves what is stored. Values are trimmed and cut to 200
 * characters (what the server accepts); an invite code must be 1-64 letters, digits, `_` or `-`.
 */
import Cookies from 'js-cookie';
import type { Brand } from '#shared/brand';
import { ATTRIBUTION_PARAMS, type AttributionParam } from '#shared/contract/attribution';
import { readLocal, writeLocal } from './local-storage';
import { INVITE_COOKIE, INVITE_COOKIE_DAYS, REGISTE_INFO_KEY } from './storage-keys';

export type Attribution = Partial<Record<AttributionParam, string>>;

const MAX_VALUE_LENGTH = 200;
const INVITE_CODE = /^[\w-]{1,64}$/;

function parseStored(raw: string | null): Attribution | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const result: Attribution = {};
    for (const key of ATTRIBUTION_PARAMS) {
      const item = (value as Record<string, unknown>)[key];
      if (typeof item === 'string' && item) result[key] = item.slice(0, MAX_VALUE_LENGTH);
    }
    return Object.keys(result).length ? result : undefined;
  } catch {
    return undefined;
  }
}

/** The attribution parameters a query string carries (undefined when none). */
export function attributionFromQuery(search: string): Attribution | undefined {
  const params = new URLSearchParams(search);
  const result: Attribution = {};
  for (const key of ATTRIBUTION_PARAMS) {
    const value = params.get(key)?.trim();
    if (value) result[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return Object.keys(result).length ? result : undefined;
}

/** The invite code a query string carries under the brand's key (undefined when none or malformed). */
export function inviteCodeFromQuery(search: string, brand: Pick<Brand, 'inviteQueryKey'>): string | undefined {
  const value = new URLSearchParams(search).get(brand.inviteQueryKey)?.trim();
  return value && INVITE_CODE.test(value) ? value : undefined;
}

/**
 * Stores what the current URL carries (call it on every page, with `location.search`). Writes only when
 * something changed, so calling it on every navigation costs nothing.
 */
export function captureAttribution(search: string, brand: Pick<Brand, 'inviteQueryKey'>): void {
  if (!search || search === '?') return;
  const attribution = attributionFromQuery(search);
  if (attribution) {
    const next = JSON.stringify(attribution);
    if (readLocal(REGISTE_INFO_KEY) !== next) writeLocal(REGISTE_INFO_KEY, next);
  }
  const inviteCode = inviteCodeFromQuery(search, brand);
  if (inviteCode && Cookies.get(INVITE_COOKIE) !== inviteCode) {
    Cookies.set(INVITE_COOKIE, inviteCode, {
      expires: INVITE_COOKIE_DAYS,
      path: '/',
      sameSite: 'lax',
      secure: window.location.protocol === 'https:',
    });
  }
}

/**
 * What the register form sends: `registeInfo` (undefined when nothing was captured) and the invite code
 * (cookie `inviteCode`, undefined when none) that pre-fills its field.
 */
export function readAttribution(): { registeInfo?: Attribution; inviteCode?: string } {
  const registeInfo = parseStored(readLocal(REGISTE_INFO_KEY));
  const cookie = Cookies.get(INVITE_COOKIE)?.trim();
  const inviteCode = cookie && INVITE_CODE.test(cookie) ? cookie : undefined;
  return { ...(registeInfo ? { registeInfo } : {}), ...(inviteCode ? { inviteCode } : {}) };
}
