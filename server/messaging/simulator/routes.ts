/**
 * The built-in phone simulator (/wx-sim), served only when it is the provider: "Scan" signs the event the platform
 * would send and delivers it to /api/wx/callback through the app itself (the webhook's own code path), showing the
 * reply as a chat. An identity belongs to the browser that made it (an HttpOnly secret cookie, its hash stored):
 * a browser sees, scans with and bans only its own, so the simulator can never play someone else's WeChat.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { brands } from '../../../shared/brand';
import { NICKNAME_CHARACTERS, NICKNAME_MAX, nickname } from '../../../shared/contract/accounts';
import { hashToken } from '../../accounts/sessions';
import { clientAddress, requestBrand, requestIsHttps } from '../../http/request';
import { addressKey } from '../../limits/address-key';
import { MemoryLimiter } from '../../limits/memory-limiter';
import { log } from '../../ops/log';
import { webhookSignature } from '../../providers/messaging/signature';
import { buildEventXml, parseFlatXml, XmlError } from '../../providers/messaging/xml';
import { banIdentity, unbanIdentity } from '../../scan-login/bans';
import { SCENE_PATTERN } from '../../scan-login/tickets';
import { readForm, sameOrigin } from '../forms';
import { type Lang, pageLanguage, sendPage } from '../html';
import type { PhonePagesDeps } from '../types';
import { banForms, identityList, scanBubbles, simulatorPage } from './page';
import { createIdentity, listIdentities, newOpenId, OPEN_ID, ownsIdentity } from './repository';
import { T } from './text';

/** The HttpOnly cookie that makes a phone browser the owner of the identities it creates. */
const OWNER_COOKIE = 'wx_sim_owner';
const OWNER_PATTERN = /^[\w-]{43}$/;

const scanFields = { scene: z.string().regex(SCENE_PATTERN), lang: z.enum(['zh', 'en']).optional() };
const scanBody = z.union([
  z.strictObject({ ...scanFields, openId: z.string().regex(OPEN_ID) }),
  // The API's own nickname rule (length, no control, format or separator characters).
  z.strictObject({ ...scanFields, nickname }),
]);

/**
 * New identities one address may create (per process; lifted with BENCH_UNLIMITED): enough for a tester and the
 * browser tests, not for a script making hundreds a second.
 */
export const SIM_IDENTITIES_PER_ADDRESS = [
  { limit: 20, windowSeconds: 60 },
  { limit: 200, windowSeconds: 3600 },
];

/** The hash of this browser's owner secret; only `create` (a page view, a new identity) makes one. */
export function simulatorOwner(c: Context, deps: Pick<PhonePagesDeps, 'settings'>, create: boolean): string | null {
  const secret = getCookie(c, OWNER_COOKIE);
  if (secret && OWNER_PATTERN.test(secret)) return hashToken(secret);
  if (!create) return null;
  const fresh = randomBytes(32).toString('base64url');
  setCookie(c, OWNER_COOKIE, fresh, {
    path: '/wx-sim',
    httpOnly: true,
    sameSite: 'Lax',
    secure: requestIsHttps(c, deps.settings.trustProxy),
    maxAge: 30 * 24 * 3600,
  });
  return hashToken(fresh);
}

export function simulatorRoutes(deps: PhonePagesDeps) {
  const app = new Hono();
  const enabled = () => deps.messaging.kind === 'simulator';
  const created = new MemoryLimiter(SIM_IDENTITIES_PER_ADDRESS, 10_000);
  const notFound = (c: Context) => c.text('Not found', 404, { 'Cache-Control': 'no-store' });

  const tenantOf = (c: Context) => {
    const brandId = requestBrand(c, deps.settings);
    return { brandId, tenantId: brands[brandId].tenantId };
  };

  const ownerOf = (c: Context, create: boolean) => simulatorOwner(c, deps, create);

  /** Signs and delivers one event to the webhook through the app; answers the reply's text, or null for "success". */
  async function deliver(
    c: Context,
    input: { tenantId: number; openId: string; scene: string; known: boolean; lang: Lang },
  ): Promise<string | null> {
    const now = deps.now();
    const seconds = Math.floor(now.getTime() / 1000);
    const xml = buildEventXml({
      to: `gh_simulator_${input.tenantId}`,
      from: input.openId,
      createTime: seconds,
      event: input.known ? 'SCAN' : 'subscribe',
      eventKey: input.known ? input.scene : `qrscene_${input.scene}`,
    });
    const token = await deps.messaging.webhookToken(input.tenantId);
    const timestamp = String(seconds);
    const nonce = randomBytes(8).toString('hex');
    const query = new URLSearchParams({
      signature: webhookSignature(token, timestamp, nonce),
      timestamp,
      nonce,
      lang: input.lang,
    });
    const url = new URL(`/api/wx/callback?${query}`, c.req.url);
    const headers = new Headers({ 'Content-Type': 'text/xml; charset=utf-8' });
    const host = c.req.header('host');
    if (host) headers.set('Host', host);
    const response = await deps.appFetch(new Request(url, { method: 'POST', headers, body: xml }), c.env);
    const answer = await response.text();
    if (!response.ok) throw new Error(`The webhook answered ${response.status}: ${answer.slice(0, 200)}`);
    if (answer === 'success') return null;
    try {
      return parseFlatXml(answer).Content ?? null;
    } catch (error) {
      if (error instanceof XmlError) throw new Error(`The webhook's reply is not XML: ${answer.slice(0, 200)}`);
      throw error;
    }
  }

  app.get('/wx-sim', async (c) => {
    if (!enabled()) return notFound(c);
    const lang = pageLanguage(c);
    const sceneParam = c.req.query('scene') ?? '';
    const scene = SCENE_PATTERN.test(sceneParam) ? sceneParam : '';
    const { brandId, tenantId } = tenantOf(c);
    const owner = ownerOf(c, true) as string;
    const rows = await listIdentities(deps.db, tenantId, owner);
    return sendPage(c, await simulatorPage({ lang, scene, brandName: brands[brandId].name[lang], rows }));
  });

  app.post('/wx-sim/scan', async (c) => {
    if (!enabled()) return notFound(c);
    const json = /^application\/json\b/i.test(c.req.header('content-type') ?? '');
    let raw: unknown;
    let nicknameField: string | undefined;
    let formLang: string | null = null;
    if (json) {
      try {
        const text = await c.req.text();
        raw = text.length > 4096 ? undefined : JSON.parse(text);
      } catch {
        raw = undefined;
      }
    } else {
      const form = await readForm(c);
      if (form) {
        formLang = form.get('lang');
        const identity = form.get('identity');
        nicknameField = form.get('nickname') ?? undefined;
        raw =
          identity && identity !== 'new'
            ? { scene: form.get('scene'), openId: identity, lang: formLang ?? undefined }
            : { scene: form.get('scene'), nickname: nicknameField ?? '', lang: formLang ?? undefined };
      }
    }
    const lang = pageLanguage(
      c,
      (raw && typeof raw === 'object' ? (raw as { lang?: string }).lang : undefined) ?? formLang,
    );
    const t = T[lang];
    const { brandId, tenantId } = tenantOf(c);
    const brandName = brands[brandId].name[lang];
    // Only a new identity may make this browser an owner; a known one must already be this browser's.
    const creating = !(raw && typeof raw === 'object' && 'openId' in raw);
    const owner = ownerOf(c, creating);
    const fail = async (status: 400 | 403 | 404 | 429 | 502, message: string, headers?: Record<string, string>) => {
      if (json) return c.json({ code: status, message }, status, headers);
      const rows = owner ? await listIdentities(deps.db, tenantId, owner) : [];
      const scene = raw && typeof raw === 'object' ? String((raw as { scene?: unknown }).scene ?? '') : '';
      const rendered = await simulatorPage({
        lang,
        scene: SCENE_PATTERN.test(scene) ? scene : '',
        brandName,
        rows,
        nickname: nicknameField,
        error: message,
      });
      for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
      return sendPage(c, rendered, status === 502 ? 400 : status);
    };

    if (!sameOrigin(c)) return fail(403, t.failed);
    const parsed = scanBody.safeParse(raw);
    if (!parsed.success) {
      // The body may be any JSON value (a number, a string, null): only an object has fields to name.
      const input =
        raw !== null && typeof raw === 'object' ? (raw as { openId?: unknown; nickname?: unknown }) : undefined;
      if (input && 'nickname' in input) {
        const text = typeof input.nickname === 'string' ? input.nickname.trim() : '';
        const wrongCharacters = text.length >= 1 && text.length <= NICKNAME_MAX && !NICKNAME_CHARACTERS.test(text);
        return fail(400, wrongCharacters ? t.badNickname : t.needNickname);
      }
      return fail(400, input?.openId ? t.unknown : t.noIdentity);
    }
    const body = parsed.data;
    let openId: string;
    let known: boolean;
    if ('openId' in body) {
      // Another browser's identity (or the real platform's) is refused like one that does not exist.
      if (!owner || !(await ownsIdentity(deps.db, tenantId, body.openId, owner))) return fail(404, t.unknown);
      openId = body.openId;
      known = true;
    } else {
      const ip = clientAddress(c, deps.settings.trustProxy);
      const wait = deps.settings.benchUnlimited ? 0 : created.hit(addressKey(ip), deps.now());
      if (wait) return fail(429, t.tooManyIdentities, { 'Retry-After': String(wait) });
      openId = newOpenId();
      known = false;
      await createIdentity(deps.db, { tenantId, openId, nickname: body.nickname, now: deps.now(), ownerHash: owner });
    }

    let content: string | null;
    try {
      content = await deliver(c, { tenantId, openId, scene: body.scene, known, lang });
    } catch (error) {
      log.error({ err: error }, '[wx-sim] delivery failed');
      return fail(502, t.failed);
    }
    const rows = await listIdentities(deps.db, tenantId, owner as string);
    const { note: noteHtml, reply: replyHtmlText } = scanBubbles(content, lang);
    if (json) {
      return c.json(
        {
          code: 200,
          message: 'ok',
          data: { openId, event: known ? 'SCAN' : 'subscribe', reply: content },
          identitiesHtml: identityList(rows, lang, openId).toString(),
          banFormsHtml: banForms(rows, lang, body.scene).toString(),
          noteHtml: noteHtml.toString(),
          replyHtml: replyHtmlText.toString(),
        },
        200,
        { 'Cache-Control': 'no-store' },
      );
    }
    return sendPage(
      c,
      await simulatorPage({
        lang,
        scene: body.scene,
        brandName,
        rows,
        selected: openId,
        bubbles: [{ me: true, html: noteHtml }, { html: replyHtmlText }],
      }),
    );
  });

  app.post('/wx-sim/ban', async (c) => {
    if (!enabled()) return notFound(c);
    const form = await readForm(c);
    const lang = pageLanguage(c, form?.get('lang') ?? null);
    const openId = form?.get('openId') ?? '';
    const banned = form?.get('banned');
    const scene = form?.get('scene') ?? '';
    if (!form || !sameOrigin(c) || !OPEN_ID.test(openId) || (banned !== 'true' && banned !== 'false'))
      return c.text(T[lang].bad, 400);
    const { tenantId } = tenantOf(c);
    const owner = ownerOf(c, false);
    if (!owner || !(await ownsIdentity(deps.db, tenantId, openId, owner))) return c.text(T[lang].unknown, 404);
    const changed =
      banned === 'true'
        ? await banIdentity(deps.db, { tenantId, openId, now: deps.now() })
        : await unbanIdentity(deps.db, { tenantId, openId });
    if (changed === null) return c.text(T[lang].unknown, 404);
    const query = new URLSearchParams(SCENE_PATTERN.test(scene) ? { scene, lang } : { lang });
    return c.redirect(`/wx-sim?${query}`, 303);
  });

  app.all('/wx-sim/*', (c) => notFound(c));
  return app;
}
