/**
 * The platform's webhook, GET and POST /api/wx/callback (docs/api.md), for the official account of the request's
 * brand: GET answers the address check; POST takes signed event deliveries (XML), refusing stale timestamps and
 * replayed signatures, answers a retried delivery without effect, and hands scan events to the scan login with a
 * passive text reply. Malformed input answers 4xx plain text, never a 500.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { brands } from '../../../shared/brand';
import { hashToken } from '../../accounts/sessions';
import type { Database } from '../../db/database';
import { publicOrigin, requestBrand } from '../../http/request';
import { createMessagingProvider } from '../../providers/messaging/index';
import { verifyWebhookSignature } from '../../providers/messaging/signature';
import { buildTextReply, parseFlatXml, XmlError } from '../../providers/messaging/xml';
import { handleScan } from '../../scan-login/scan';
import { SCENE_PATTERN } from '../../scan-login/tickets';
import type { ApiDeps } from '../deps';
import { confirmLink, type ReplyLang, replyText } from './replies';

/** Deliveries older or newer than this are refused. */
export const TIMESTAMP_WINDOW_SECONDS = 5 * 60;
/** How long a handled delivery is remembered (the platform retries within seconds). */
const DEDUPE_SECONDS = 24 * 3600;

const signedQuery = z.object({
  signature: z.string().regex(/^[0-9a-fA-F]{40}$/),
  timestamp: z.string().regex(/^\d{1,12}$/),
  nonce: z.string().regex(/^[\w-]{1,64}$/),
});

/**
 * Records a signed delivery's timestamp and nonce (migration 005). False when they were already used with another
 * body within the window: the signature does not cover the body, so that is a replay of a captured signature.
 * The same body again is the platform's own retry and goes on (the event dedupe below answers it).
 */
async function firstUseOfNonce(
  db: Database,
  tenantId: number,
  signed: { timestamp: string; nonce: string },
  body: string,
): Promise<boolean> {
  const bodyHash = hashToken(body);
  const expiresAt = new Date((Number(signed.timestamp) + TIMESTAMP_WINDOW_SECONDS) * 1000);
  const inserted = await db.query(
    `insert into wx_webhook_nonces (tenant_id, timestamp_seconds, nonce, body_hash, expires_at)
     values ($1, $2, $3, $4, $5) on conflict (tenant_id, timestamp_seconds, nonce) do nothing returning 1`,
    [tenantId, Number(signed.timestamp), signed.nonce, bodyHash, expiresAt],
  );
  if (inserted.length > 0) return true;
  const [first] = await db.query<{ body_hash: string }>(
    'select body_hash from wx_webhook_nonces where tenant_id = $1 and timestamp_seconds = $2 and nonce = $3',
    [tenantId, Number(signed.timestamp), signed.nonce],
  );
  return first?.body_hash === bodyHash;
}

const text = (c: Context, body: string, status: 200 | 400 | 401 | 403 | 415) =>
  c.text(body, status, { 'Cache-Control': 'no-store' });

export function wxCallbackApi(deps: ApiDeps) {
  const app = new Hono();
  // Without a provider (tests of other modules) the built-in simulator's token is used, as the phone pages do.
  let fallback: ReturnType<typeof createMessagingProvider> | undefined;
  const provider = () => {
    fallback ??= deps.messaging ? undefined : createMessagingProvider(deps.settings, deps.db);
    return deps.messaging ?? fallback!;
  };

  /** Whether the signed query is the brand's account's. */
  const signatureValid = async (c: Context, signed: z.infer<typeof signedQuery>) => {
    const token = await provider().webhookToken(brands[requestBrand(c, deps.settings)].tenantId);
    return verifyWebhookSignature(token, signed.timestamp, signed.nonce, signed.signature);
  };

  app.get('/wx/callback', async (c) => {
    const signed = signedQuery.safeParse(c.req.query()).data;
    const echostr = c.req.query('echostr') ?? '';
    if (!signed || !/^[\w-]{1,128}$/.test(echostr)) return text(c, 'Bad request', 400);
    if (!(await signatureValid(c, signed))) return text(c, 'Invalid signature', 401);
    return text(c, echostr, 200);
  });

  app.post('/wx/callback', async (c) => {
    const signed = signedQuery.safeParse(c.req.query()).data;
    if (!signed) return text(c, 'Bad request: signature, timestamp and nonce are required', 400);
    if (c.req.query('encrypt_type') && c.req.query('encrypt_type') !== 'raw')
      return text(c, 'Encrypted deliveries are not supported: use plaintext mode', 400);
    if (!(await signatureValid(c, signed))) return text(c, 'Invalid signature', 401);
    const brandId = requestBrand(c, deps.settings);
    const tenantId = brands[brandId].tenantId;
    const now = deps.now();
    if (Math.abs(now.getTime() / 1000 - Number(signed.timestamp)) > TIMESTAMP_WINDOW_SECONDS)
      return text(c, 'Stale timestamp', 403);

    const type = c.req.header('content-type') ?? '';
    if (type && !/^(text|application)\/xml\b/i.test(type)) return text(c, 'Send XML', 415);
    // Its size is bounded app-wide (server/http/body-limit.ts, 413 in plain text), like every body.
    const raw = await c.req.text();
    if (!(await firstUseOfNonce(deps.db, tenantId, signed, raw)))
      return text(c, 'Replayed signature: this timestamp and nonce came with another body', 403);
    let fields: Record<string, string>;
    try {
      fields = parseFlatXml(raw);
    } catch (error) {
      if (error instanceof XmlError) return text(c, `Bad XML: ${error.message}`, 400);
      throw error;
    }
    const openId = fields.FromUserName ?? '';
    const account = fields.ToUserName ?? '';
    const createTime = fields.CreateTime ?? '';
    if (!/^[\w-]{1,128}$/.test(openId) || !account || account.length > 128 || !/^\d{1,12}$/.test(createTime))
      return text(c, 'Bad event: FromUserName, ToUserName and CreateTime are required', 400);

    const event = fields.MsgType === 'event' ? fields.Event : undefined;
    const key = fields.EventKey ?? '';
    let scene: string | undefined;
    if (event === 'subscribe' && key.startsWith('qrscene_')) scene = key.slice('qrscene_'.length);
    else if (event === 'SCAN') scene = key;
    if (!scene) return text(c, 'success', 200);
    if (!SCENE_PATTERN.test(scene)) return text(c, 'Bad event: the scene is not one of ours', 400);

    const dedupeKey = `${tenantId}:${openId}:${createTime}:${event}:${key}`;
    const fresh = await deps.db.query(
      `insert into wx_events (dedupe_key, received_at, expires_at) values ($1, $2, $3)
       on conflict (dedupe_key) do update set received_at = excluded.received_at, expires_at = excluded.expires_at
         where wx_events.expires_at <= excluded.received_at
       returning 1`,
      [dedupeKey, now, new Date(now.getTime() + DEDUPE_SECONDS * 1000)],
    );
    if (fresh.length === 0) return text(c, 'success', 200);

    let outcome: Awaited<ReturnType<typeof handleScan>>;
    try {
      outcome = await handleScan(deps.db, { tenantId, openId, scene, subscribed: event === 'subscribe', now });
    } catch (error) {
      // Not handled after all: let the platform's retry try again.
      await deps.db.query('delete from wx_events where dedupe_key = $1', [dedupeKey]).catch(() => {});
      throw error;
    }
    const lang: ReplyLang = c.req.query('lang') === 'en' ? 'en' : 'zh';
    const link =
      outcome.kind === 'confirm'
        ? confirmLink(publicOrigin(c, deps.settings, brandId), scene, outcome.confirmToken, lang)
        : undefined;
    const content = replyText(outcome, { brandName: brands[brandId].name[lang], lang, link });
    return c.body(buildTextReply({ to: openId, from: account, createTime: now.getTime() / 1000, content }), 200, {
      'Content-Type': 'text/xml; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
