/**
 * SMS codes in the browser tests. They run the production build, where the development outbox call is off, so
 * codes are read where the built-in sink puts them: the server log (server/providers/sms/sink.ts), one line
 * per code,
 *   [sms] +86 13800138000 register code 123456
 * e2e/run.ts gives the spec files the path of its server's log in `E2E_SERVER_LOG` (e2e/artifacts/server.log,
 * or server-<port>.log for a run on another port, so two runs side by side never read each other's codes).
 */
import { randomInt } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SmsPurpose } from '../../shared/contract/accounts';
import { ARTIFACTS_DIR } from './artifacts';
import { eventually } from './wait';

export const SERVER_LOG = process.env.E2E_SERVER_LOG ?? join(ARTIFACTS_DIR, 'server.log');

export type { SmsPurpose };

/** A Chinese mobile number nobody else in this run uses (139 and 8 random digits). */
export function uniquePhone(prefix = '139'): string {
  return `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Where the log ends now: pass it as `since` so only codes sent afterwards count. */
export function logMark(log = SERVER_LOG): number {
  try {
    return statSync(log).size;
  } catch {
    return 0;
  }
}

function logSince(log: string, since: number): string {
  return readFileSync(log).subarray(since).toString('utf8');
}

function codesIn(text: string, phone: string, purpose: SmsPurpose, dial: number): string[] {
  const line = new RegExp(`^\\[sms\\] \\+${dial} ${phone} ${purpose} code (\\d{6})$`, 'gm');
  return [...text.matchAll(line)].map((match) => match[1]);
}

/**
 * The newest code sent to `phone` for `purpose` after the mark `since` (waits for the log line to arrive).
 * `log`: another server's log (a spec's own server, e2e/support/wx-server.ts).
 */
export function smsCode(
  phone: string,
  purpose: SmsPurpose,
  {
    since = 0,
    dial = 86,
    timeout = 5000,
    log = SERVER_LOG,
  }: { since?: number; dial?: number; timeout?: number; log?: string } = {},
): Promise<string> {
  return eventually(
    () => {
      const codes = codesIn(logSince(log, since), phone, purpose, dial);
      if (codes.length === 0) throw new Error(`No ${purpose} code for +${dial} ${phone} in ${log}`);
      return codes[codes.length - 1];
    },
    { timeout, message: 'Waiting for the SMS code in the server log' },
  );
}

/** How many codes went to `phone` (any purpose) after the mark `since`. */
export function smsCount(phone: string, { since = 0, dial = 86 }: { since?: number; dial?: number } = {}): number {
  return (['register', 'login', 'reset'] as const).reduce(
    (sum, purpose) => sum + codesIn(logSince(SERVER_LOG, since), phone, purpose, dial).length,
    0,
  );
}
