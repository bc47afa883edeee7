/**
 * Server-side ad conversions (docs/decisions/032-vendor-providers.md): a registration with an ad click id gets an
 * outbox row in its own transaction; a worker in every process claims due rows with a lease (`for update skip
 * locked`) and reports each: Baidu OCPC's uploadConvertData (`header.status` 0 success, 4 worth retrying) or a GET
 * of an AD_CONVERSION_SERVER_URLS template (2xx). Failures retry with doubling back-off up to MAX_ATTEMPTS; final
 * refusals close the row at once. At-least-once: a death between the send and the mark sends again.
 */
import { type BrandId, brands } from '../../shared/brand';
import type { Settings } from '../config/settings';
import type { Database, Queryable } from '../db/database';
import { log } from '../ops/log';
import { countConversion } from '../ops/metrics';
import { startWorkerLoop } from '../ops/worker-loop';

export const MAX_ATTEMPTS = 10;
const LEASE_SECONDS = 120;
const BATCH = 20;
const SEND_TIMEOUT_MS = 5000;

export interface ConversionRow {
  id: number;
  user_id: number;
  tenant_id: number;
  param: string;
  click_id: string;
  attempts: number;
}

/** The wait after the `attempts`-th failed try: 30 s doubling, at most 6 hours. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
}

/** Adds the registration's click ids to the outbox, inside the registration's transaction. */
export async function enqueueConversions(
  tx: Queryable,
  user: { id: number; tenant_id: number },
  registeInfo: Record<string, string | undefined>,
  now: Date,
): Promise<void> {
  for (const param of ['bd_vid', 'qhclickid'] as const) {
    const clickId = registeInfo[param]?.trim();
    if (!clickId) continue;
    await tx.query(
      `insert into ad_conversions (user_id, tenant_id, param, click_id, created_at, next_attempt_at)
       values ($1, $2, $3, $4, $5, $5)
       on conflict (user_id, param) do nothing`,
      [user.id, user.tenant_id, param, clickId, now],
    );
  }
}

type ServerConversions = Settings['conversions']['starreach'];
type Outcome = { ok: true } | { ok: false; permanent: boolean; error: string };

/** A 4xx other than 429 will not change on a retry. */
const httpFailure = (status: number): Outcome => ({
  ok: false,
  permanent: status >= 400 && status < 500 && status !== 429,
  error: `HTTP ${status}`,
});

export function brandOfTenant(tenantId: number): BrandId {
  return (Object.values(brands).find((brand) => brand.tenantId === tenantId)?.id ?? 'starreach') as BrandId;
}

async function report(
  row: ConversionRow,
  config: ServerConversions,
  fetcher: typeof fetch,
): Promise<Outcome | 'not-configured'> {
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  try {
    if (row.param === 'bd_vid' && config.baidu) {
      const landing = new URL(config.baidu.landingUrl);
      landing.searchParams.set('bd_vid', row.click_id);
      const response = await fetcher(config.baidu.uploadUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          token: config.baidu.token,
          conversionTypes: [{ logidUrl: landing.href, newType: config.baidu.newType }],
        }),
        signal,
      });
      const text = await response.text();
      if (!response.ok) return httpFailure(response.status);
      let status: unknown;
      let desc = '';
      try {
        const header = (JSON.parse(text) as { header?: { status?: unknown; desc?: string } }).header;
        status = header?.status;
        desc = header?.desc ?? '';
      } catch {
        return { ok: false, permanent: false, error: `not JSON: ${text.slice(0, 100)}` };
      }
      if (status === 0) return { ok: true };
      // 1 partial and 2 all refused (the data), 3 the token; 4 is Baidu's own trouble.
      return { ok: false, permanent: status === 2, error: `Baidu OCPC status ${String(status)} ${desc}`.trim() };
    }
    const template = config.urls.find((u) => u.param === row.param);
    if (!template) return 'not-configured';
    const response = await fetcher(template.url.replace('{clickId}', encodeURIComponent(row.click_id)), { signal });
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? { ok: true } : httpFailure(response.status);
  } catch (error) {
    return {
      ok: false,
      permanent: false,
      error:
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${SEND_TIMEOUT_MS} ms`
          : String((error as Error).message ?? error),
    };
  }
}

const platformName = (row: ConversionRow, config: ServerConversions) =>
  row.param === 'bd_vid' && config.baidu ? 'Baidu OCPC' : `${row.param} URL`;

/** Claims the due rows (a lease, counting the attempt), reports each and records the outcome. Returns how many were tried. */
export async function runConversionOutbox(
  db: Database,
  settings: Pick<Settings, 'conversions'>,
  now: () => Date,
  fetcher: typeof fetch = fetch,
): Promise<number> {
  const claimedAt = now();
  const rows = await db.transaction((tx) =>
    tx.query<ConversionRow>(
      `update ad_conversions set locked_until = $2, attempts = attempts + 1
        where id in (
          select id from ad_conversions
           where sent_at is null and closed_at is null and next_attempt_at <= $1
             and (locked_until is null or locked_until <= $1)
           order by id limit ${BATCH}
           for update skip locked)
        returning id, user_id, tenant_id, param, click_id, attempts`,
      [claimedAt, new Date(claimedAt.getTime() + LEASE_SECONDS * 1000)],
    ),
  );
  for (const row of rows) {
    const config = settings.conversions[brandOfTenant(row.tenant_id)];
    const outcome = await report(row, config, fetcher);
    const at = now();
    const what = `${row.param} conversion #${row.id} (user ${row.user_id})`;
    const settle = (set: string, ...values: unknown[]) =>
      db.query(`update ad_conversions set ${set}, locked_until = null where id = $1`, [row.id, ...values]);
    if (outcome === 'not-configured') {
      await settle(`closed_at = $2, last_error = 'not configured'`, at);
      log.info(`[conversions] ${what}: no server-side platform configured for ${row.param}; closed`);
      countConversion(row.param, 'not_configured');
    } else if (outcome.ok) {
      await settle('sent_at = $2, last_error = null', at);
      log.info(`[conversions] ${what} reported to ${platformName(row, config)} (attempt ${row.attempts})`);
      countConversion(row.param, 'sent');
    } else if (outcome.permanent || row.attempts >= MAX_ATTEMPTS) {
      await settle('closed_at = $2, last_error = $3', at, outcome.error);
      log.error(
        `[conversions] ${what}: ${platformName(row, config)} failed (${outcome.error}); gave up after attempt ${row.attempts}${outcome.permanent ? ' (refused for good)' : ''}`,
      );
      countConversion(row.param, 'given_up');
    } else {
      const wait = backoffSeconds(row.attempts);
      await settle('next_attempt_at = $2, last_error = $3', new Date(at.getTime() + wait * 1000), outcome.error);
      log.warn(
        `[conversions] ${what}: ${platformName(row, config)} failed (${outcome.error}); retry in ${wait} s (attempt ${row.attempts} of ${MAX_ATTEMPTS})`,
      );
      countConversion(row.param, 'retry');
    }
  }
  return rows.length;
}

/** Runs the outbox every `everyMs` (and at once again after a run that claimed rows) until stopped. */
export function startConversionOutbox(
  db: Database,
  settings: Pick<Settings, 'conversions'>,
  now: () => Date,
  everyMs = 5000,
): () => void {
  return startWorkerLoop('conversions', () => runConversionOutbox(db, settings, now), everyMs);
}
