/**
 * /scan_code with its code in the HTML (docs/decisions/044-scan-code-ticket-in-the-page.md): a navigation GET asks
 * the API in-process for a new code, as the page's script would, and the page is rendered with it, `no-store`.
 * Without a code (limit, platform, database) the ordinary cached page is served and the app asks for one.
 */
import type { Context } from 'hono';
import { type QrCode, scanLoginOperations } from '../../shared/contract/scan-login';
import { LOCALES, localeFromPath, localizePath } from '../../shared/locale';
import { PAGES } from '../../shared/routes';
import { log } from '../ops/log';
import { postToApi, type RenderDeps } from './render';

/** The pages that carry a code (phones only: the page rules send desktops home first). */
export const SCAN_CODE_PATHS: ReadonlySet<string> = new Set(
  LOCALES.map((locale) => localizePath(PAGES.scanCode.path, locale)),
);

/** Whether this GET of /scan_code may be given a code (the cache must not answer it). */
export function wantsScanTicket(c: Context, path: string): boolean {
  if (c.req.method !== 'GET' || !SCAN_CODE_PATHS.has(path)) return false;
  // A page fetched ahead of a visit (link prefetch, speculation rules) may never be shown.
  if (/prefetch/i.test(c.req.header('sec-purpose') ?? c.req.header('purpose') ?? '')) return false;
  const dest = c.req.header('sec-fetch-dest');
  const mode = c.req.header('sec-fetch-mode');
  return (dest === undefined || dest === 'document') && (mode === undefined || mode === 'navigate');
}

/**
 * A new code from the API (POST /api/v2/wx/create_login_qrcode, in-process, with the visitor's address), or
 * null when the API refused or failed.
 */
export async function createPageTicket(c: Context, deps: RenderDeps): Promise<QrCode | null> {
  try {
    const locale = localeFromPath(c.req.path);
    const response = await postToApi(c, deps, scanLoginOperations.createQrCode.path, '{}', locale);
    const answer = (await response.json()) as { code: number; data?: QrCode };
    return answer.code === 200 && answer.data ? answer.data : null;
  } catch (error) {
    log.warn({ err: error }, '[pages] /scan_code rendered without a code');
    return null;
  }
}
