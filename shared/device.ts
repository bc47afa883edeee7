/** Device and platform detection from a user agent (docs/product.md#pages routing rules, #roles Windows-only client). */
const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

export function isMobileUserAgent(userAgent: string | undefined | null): boolean {
  return !!userAgent && MOBILE_UA.test(userAgent);
}

export type Platform = 'windows' | 'mac' | 'other';

export function platformFromUserAgent(userAgent: string | undefined | null): Platform {
  if (!userAgent) return 'other';
  if (/Windows NT|Win64|WOW64/i.test(userAgent)) return 'windows';
  if (/Macintosh|Mac OS X/i.test(userAgent) && !/iPhone|iPad/i.test(userAgent)) return 'mac';
  return 'other';
}
