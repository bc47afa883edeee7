/**
 * A new login QR code: the per-IP limit, a scene and a ticket, the platform's QR URL and its image.
 */
import { randomBytes } from 'node:crypto';
import type { QrCode } from '../../shared/contract/scan-login';
import * as errors from '../accounts/errors';
import { hashToken } from '../accounts/sessions';
import type { RequestFacts } from '../api/http';
import { limit } from '../limits/rules';
import { log } from '../ops/log';
import { countQr } from '../ops/metrics';
import type { MessagingProvider } from '../providers/messaging/types';
import type { ScanContext } from './context';
import { describeDevice } from './device';
import * as scanErrors from './errors';
import { qrPngDataUrl } from './qr-png';
import { insertTicket } from './tickets';

/** Seconds between two polls of the browser. */
export const POLL_INTERVAL_SECONDS = 2;

/** The QR image of `url`: a PNG data URL (error correction M, margin 2, 240 px). */
export function qrImage(url: string): Promise<string> {
  return qrPngDataUrl(url, { margin: 2, width: 240 });
}

export async function createQrCode(
  ctx: ScanContext,
  req: RequestFacts & { origin: string; userAgent?: string },
): Promise<QrCode> {
  const messaging = ctx.messaging;
  if (!messaging) throw scanErrors.unavailable();
  const now = ctx.now();
  const checks = [limit.qrCodesPerIp(req.ip)];
  const known = ctx.limiter.knownWait(checks, now);
  if (known) throw errors.tooMany(known);
  await ctx.db.transaction(async (tx) => {
    const wait = await ctx.limiter.check(tx, checks, now);
    if (wait) throw errors.tooMany(wait);
    // Counted even when the platform then fails: the limit also spares the platform's API.
    await ctx.limiter.consume(tx, checks, now);
  });

  const scene = `L${randomBytes(16).toString('base64url')}`;
  const ticket = randomBytes(32).toString('base64url');
  let created: Awaited<ReturnType<MessagingProvider['createQr']>>;
  try {
    created = await messaging.createQr({
      brandId: req.brandId,
      tenantId: req.tenantId,
      scene,
      ttlSeconds: ctx.qrTtlSeconds,
      origin: req.origin,
      language: req.language,
    });
  } catch (error) {
    log.error({ err: error }, '[scan-login] QR creation failed');
    throw scanErrors.qrFailed();
  }
  const expiresIn = Math.max(1, Math.min(ctx.qrTtlSeconds, Math.floor(created.expiresIn)));
  const qrcode = await qrImage(created.url);
  const expiresAt = new Date(now.getTime() + expiresIn * 1000);
  const row = { ticket_hash: hashToken(ticket), scene, tenant_id: req.tenantId, qr_url: created.url };
  const device = describeDevice(req.userAgent);
  await insertTicket(ctx.db, { ...row, created_ip: req.ip, created_device: device, expires_at: expiresAt }, now);
  countQr('created');
  return {
    ticket,
    qrcode,
    qrUrl: created.url,
    expiresIn,
    pollInterval: POLL_INTERVAL_SECONDS,
    simulator: messaging.kind === 'simulator',
  };
}
