/**
 * The built-in phone simulator (/wx-sim): a mobile page that plays the messaging app for trying the QR login
 * without the real platform. It lists this browser's identities (nickname, masked bound phone or "not
 * bound", banned mark) or makes a new one, and "Scan" delivers the event the platform would send (subscribe +
 * `qrscene_SCENE` for a new identity, SCAN + `SCENE` for a known one), signed with the tenant's webhook token,
 * to /api/wx/callback through the app itself: exactly the webhook's code path. The passive reply is shown as
 * a chat bubble (the confirm link as a link). "Simulate ban" bans (or unbans) an identity.
 * Only served when the simulator is the provider. An identity belongs to the phone browser that made it (an
 * HttpOnly cookie holding a secret; the database keeps its hash, migration 006): a browser sees, scans with, bans
 * and unbans only its own identities, so the simulator can never play someone else's WeChat.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { brands } from '../../shared/brand';
import { maskPhone } from '../accounts/phone';
import { hashToken } from '../accounts/sessions';
import type { Database } from '../db/database';
import { type Markup, markup, raw, scriptJson } from '../http/html';
import { requestBrand, requestIsHttps } from '../http/request';
import { log } from '../ops/log';
import { webhookSignature } from '../providers/messaging/signature';
import { buildEventXml, parseFlatXml, XmlError } from '../providers/messaging/xml';
import { banIdentity, unbanIdentity } from '../scan-login/bans';
import { SCENE_PATTERN } from '../scan-login/tickets';
import { readForm, sameOrigin } from './forms';
import { type Lang, page, pageLanguage, sendPage } from './html';
import type { PhonePagesDeps } from './types';

const OPEN_ID = /^[\w-]{1,128}$/;
const NICKNAME_MAX = 32;

/** An open id shaped like the platform's: "o" and 27 base64url characters. */
export function newOpenId(): string {
  return `o${randomBytes(20).toString('base64url')}`;
}

interface IdentityRow {
  open_id: string;
  nickname: string | null;
  phone: string | null;
  banned_at: Date | null;
  user_banned_at: Date | null;
}

/** The identities this phone browser made (its owner cookie's hash), newest first. */
async function listIdentities(db: Database, tenantId: number, ownerHash: string): Promise<IdentityRow[]> {
  return db.query<IdentityRow>(
    `select i.open_id, i.nickname, u.phone, i.banned_at, u.banned_at as user_banned_at
       from wx_identities i left join users u on u.id = i.user_id
      where i.tenant_id = $1 and i.owner_hash = $2
      order by i.created_at desc, i.open_id
      limit 50`,
    [tenantId, ownerHash],
  );
}

/** Whether `openId` is one of this browser's identities. */
async function ownsIdentity(db: Database, tenantId: number, openId: string, ownerHash: string): Promise<boolean> {
  const rows = await db.query('select 1 from wx_identities where tenant_id = $1 and open_id = $2 and owner_hash = $3', [
    tenantId,
    openId,
    ownerHash,
  ]);
  return rows.length > 0;
}

/** The HttpOnly cookie that makes a phone browser the owner of the identities it creates. */
const OWNER_COOKIE = 'wx_sim_owner';
const OWNER_PATTERN = /^[\w-]{43}$/;

const T = {
  zh: {
    title: '微信（模拟器）',
    subtitle: '内置手机模拟器 · 仅供开发和演示',
    warning: '这是内置的微信模拟器：在这里创建的微信身份只属于这个浏览器。正式部署请配置真实的公众号平台。',
    noScene: '没有二维码信息。请用手机扫描电脑上登录页的二维码，或打开二维码下方的链接。',
    choose: '选择微信身份',
    newIdentity: '新的微信身份',
    nicknameHint: '新的微信身份使用此昵称',
    nickname: '昵称',
    notBound: '未绑定',
    banned: '已封禁',
    accountBanned: '账号已封禁',
    unnamed: '（无昵称）',
    scan: '扫一扫',
    scanning: '正在扫码…',
    ban: '模拟封禁',
    unban: '解除封禁',
    chat: '公众号消息',
    account: '公众号',
    me: '我',
    scanned: '扫描了登录二维码',
    noReply: '（公众号没有回复：重复的扫码事件已被忽略）',
    network: '网络错误，请检查手机与电脑在同一网络后重试。',
    failed: '扫码失败',
    noIdentity: '请选择一个微信身份',
    needNickname: '请填写昵称（1–32 个字）',
    unknown: '该微信身份不存在',
    otherLang: 'English',
  },
  en: {
    title: 'WeChat (simulator)',
    subtitle: 'Built-in phone simulator · for development and demos',
    warning:
      'This is the built-in WeChat simulator: the WeChat identities made here belong to this browser only. Configure the real official-account platform for a real deployment.',
    noScene:
      'No QR code here. Scan the QR code on the computer’s login page with your phone, or open the link below the code.',
    choose: 'Choose a WeChat identity',
    newIdentity: 'New WeChat identity',
    nicknameHint: 'The nickname of a new WeChat identity',
    nickname: 'Nickname',
    notBound: 'not bound',
    banned: 'banned',
    accountBanned: 'account banned',
    unnamed: '(no nickname)',
    scan: 'Scan',
    scanning: 'Scanning…',
    ban: 'Simulate ban',
    unban: 'Unban',
    chat: 'Official account messages',
    account: 'Official account',
    me: 'Me',
    scanned: 'scanned the login QR code',
    noReply: '(No reply: a repeated scan event was ignored)',
    network: 'Network error. Check that the phone and the computer are on the same network, then try again.',
    failed: 'Scan failed',
    noIdentity: 'Choose a WeChat identity',
    needNickname: 'Enter a nickname (1–32 characters)',
    unknown: 'This WeChat identity does not exist',
    otherLang: '中文',
  },
} as const;

/** The reply's text as HTML: escaped, with the `<a href="http...">label</a>` links the webhook writes made links. */
export function replyHtml(content: string): Markup {
  const parts: (string | Markup)[] = [];
  const link = /<a href="(https?:\/\/[^"<>\s]+)">([^<]*)<\/a>/g;
  let last = 0;
  for (const match of content.matchAll(link)) {
    parts.push(content.slice(last, match.index));
    parts.push(markup`<a href="${match[1]}" data-testid="confirm-link">${match[2]}</a>`);
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(content.slice(last));
  return markup`${parts}`;
}

function identityLabel(row: IdentityRow, t: (typeof T)[Lang]): string {
  return row.nickname ?? t.unnamed;
}

function identityList(rows: IdentityRow[], lang: Lang, selected?: string): Markup {
  const t = T[lang];
  const items = rows.map((row, index) => {
    const id = `id-${index}`;
    const checked = selected ? row.open_id === selected : index === 0;
    const name = identityLabel(row, t);
    const marks: (string | Markup)[] = [];
    marks.push(row.phone ? maskPhone(row.phone) : t.notBound);
    if (row.banned_at) marks.push(markup`<span class="banned">${t.banned}</span>`);
    if (row.user_banned_at) marks.push(markup`<span class="banned">${t.accountBanned}</span>`);
    const banned = row.banned_at !== null;
    const action = banned ? t.unban : t.ban;
    const meta = marks.flatMap((mark, i) => (i === 0 ? [mark] : [' · ', mark]));
    return markup`<li class="identity" data-testid="sim-identity" data-open-id="${row.open_id}" data-banned="${String(banned)}">
  <label for="${id}"><input type="radio" id="${id}" name="identity" value="${row.open_id}"${checked ? raw(' checked') : ''}>
    <span><strong>${name}</strong> <span class="meta">${meta}</span></span></label>
  <button type="submit" form="ban-${index}" class="secondary small" aria-label="${`${action}: ${name}`}">${action}</button>
</li>`;
  });
  const checkedNew = selected === 'new' || (!selected && rows.length === 0);
  items.push(markup`<li class="identity" data-testid="sim-new-identity">
  <label for="id-new"><input type="radio" id="id-new" name="identity" value="new"${checkedNew ? raw(' checked') : ''}>
    <span><strong>${t.newIdentity}</strong></span></label>
</li>`);
  return markup`<ul>${items.flatMap((item, i) => (i === 0 ? [item] : [raw('\n'), item]))}</ul>`;
}

/** The ban/unban forms the list's buttons submit (outside the scan form: forms cannot nest). */
function banForms(rows: IdentityRow[], lang: Lang, scene: string): Markup {
  const forms = rows.map(
    (row, index) => markup`<form id="ban-${index}" method="post" action="/wx-sim/ban" hidden>
  <input type="hidden" name="openId" value="${row.open_id}">
  <input type="hidden" name="banned" value="${row.banned_at ? 'false' : 'true'}">
  <input type="hidden" name="scene" value="${scene}">
  <input type="hidden" name="lang" value="${lang}">
</form>`,
  );
  return markup`${forms.flatMap((form, i) => (i === 0 ? [form] : [raw('\n'), form]))}`;
}

interface Bubble {
  me?: boolean;
  html: Markup;
}

function simulatorPage(input: {
  lang: Lang;
  scene: string;
  brandName: string;
  rows: IdentityRow[];
  selected?: string;
  nickname?: string;
  bubbles?: Bubble[];
  error?: string;
}) {
  const { lang, scene } = input;
  const t = T[lang];
  const other: Lang = lang === 'en' ? 'zh' : 'en';
  const otherHref = `/wx-sim?${new URLSearchParams(scene ? { scene, lang: other } : { lang: other })}`;
  const header = markup`<header><h1>${t.title}</h1><p>${t.subtitle} · ${input.brandName} · <a href="${otherHref}" lang="${other === 'en' ? 'en' : 'zh-CN'}">${t.otherLang}</a></p></header>`;
  const nickname =
    input.nickname ?? `${lang === 'en' ? 'WeChat user ' : '微信用户'}${Math.floor(1000 + Math.random() * 9000)}`;
  const bubbles = (input.bubbles ?? []).map(
    (b) =>
      markup`<div class="bubble${b.me ? ' me' : ''}" data-testid="${b.me ? 'sim-scan-note' : 'sim-reply'}"><span class="from">${b.me ? t.me : t.account}</span>${b.html}</div>`,
  );
  const body = markup`<p class="notice" data-testid="sim-warning">${t.warning}</p>
${scene ? '' : markup`<p class="notice" role="status" data-testid="sim-no-scene">${t.noScene}</p>`}
<section aria-labelledby="choose-title">
<form id="scan-form" method="post" action="/wx-sim/scan" novalidate>
  <input type="hidden" name="scene" value="${scene}">
  <input type="hidden" name="lang" value="${lang}">
  <fieldset>
    <legend id="choose-title">${t.choose}</legend>
    <div id="identities">${identityList(input.rows, lang, input.selected)}</div>
    <label for="nickname">${t.nickname}</label>
    <input type="text" id="nickname" name="nickname" maxlength="${NICKNAME_MAX}" autocomplete="off" value="${nickname}" aria-describedby="nickname-hint">
    <span id="nickname-hint" class="meta">${t.nicknameHint}</span>
  </fieldset>
  <button type="submit" class="primary" id="scan-button"${scene ? '' : raw(' disabled')}>${t.scan}</button>
  <p class="error" role="alert" id="scan-error" data-testid="sim-error">${input.error ?? ''}</p>
</form>
<div id="ban-forms">${banForms(input.rows, lang, scene)}</div>
</section>
<section aria-labelledby="chat-title">
  <h2 id="chat-title">${t.chat}</h2>
  <div class="chat" id="chat" role="log" aria-live="polite">${bubbles.flatMap((b, i) => (i === 0 ? [b] : [raw('\n'), b]))}</div>
</section>`;
  const script = `(function () {
  var t = ${scriptJson({ scanning: t.scanning, scan: t.scan, network: t.network, failed: t.failed, me: t.me, account: t.account, scanned: t.scanned })};
  var form = document.getElementById('scan-form');
  var button = document.getElementById('scan-button');
  var error = document.getElementById('scan-error');
  var chat = document.getElementById('chat');
  document.getElementById('nickname').addEventListener('input', function () {
    var fresh = document.getElementById('id-new');
    if (fresh) fresh.checked = true;
  });
  function bubble(html, me) {
    var div = document.createElement('div');
    div.className = 'bubble' + (me ? ' me' : '');
    div.setAttribute('data-testid', me ? 'sim-scan-note' : 'sim-reply');
    div.innerHTML = html;
    chat.appendChild(div);
    div.scrollIntoView({ block: 'nearest' });
    return div;
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (button.disabled) return;
    var data = new FormData(form);
    var body = { scene: data.get('scene'), lang: data.get('lang') };
    var identity = data.get('identity');
    if (identity === 'new' || !identity) body.nickname = String(data.get('nickname') || '').trim();
    else body.openId = identity;
    error.textContent = '';
    button.disabled = true;
    button.textContent = t.scanning;
    fetch('/wx-sim/scan', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body)
    }).then(function (res) {
      return res.json().then(function (answer) { return { ok: res.ok, answer: answer }; });
    }).then(function (result) {
      var answer = result.answer;
      if (!result.ok) { error.textContent = answer.message || t.failed; return; }
      document.getElementById('identities').innerHTML = answer.identitiesHtml;
      document.getElementById('ban-forms').innerHTML = answer.banFormsHtml;
      bubble(answer.noteHtml, true);
      var reply = bubble(answer.replyHtml, false);
      var link = reply.querySelector('a');
      if (link) link.focus();
    }).catch(function () {
      error.textContent = t.network;
    }).finally(function () {
      button.disabled = false;
      button.textContent = t.scan;
    });
  });
})();`;
  return page({ lang, title: t.title, header, body, script: scene ? script : undefined });
}

const scanBody = z.union([
  z.strictObject({
    scene: z.string().regex(SCENE_PATTERN),
    openId: z.string().regex(OPEN_ID),
    lang: z.enum(['zh', 'en']).optional(),
  }),
  z.strictObject({
    scene: z.string().regex(SCENE_PATTERN),
    nickname: z.string().trim().min(1).max(NICKNAME_MAX),
    lang: z.enum(['zh', 'en']).optional(),
  }),
]);

export function simulatorRoutes(deps: PhonePagesDeps) {
  const app = new Hono();
  const enabled = () => deps.messaging.kind === 'simulator';
  const notFound = (c: Context) => c.text('Not found', 404, { 'Cache-Control': 'no-store' });

  const tenantOf = (c: Context) => {
    const brandId = requestBrand(c, deps.settings);
    return { brandId, tenantId: brands[brandId].tenantId };
  };

  /**
   * The hash of this browser's owner secret. `create` gives a browser without one a new secret (a page view or a
   * scan with a new identity); a ban or a scan with a known identity never does, so they find nothing to act on.
   */
  const ownerOf = (c: Context, create: boolean): string | null => {
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
  };

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
    return sendPage(c, simulatorPage({ lang, scene, brandName: brands[brandId].name[lang], rows }));
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
    const fail = async (status: 400 | 403 | 404 | 502, message: string) => {
      if (json) return c.json({ code: status, message }, status);
      const rows = owner ? await listIdentities(deps.db, tenantId, owner) : [];
      const scene = raw && typeof raw === 'object' ? String((raw as { scene?: unknown }).scene ?? '') : '';
      const rendered = simulatorPage({
        lang,
        scene: SCENE_PATTERN.test(scene) ? scene : '',
        brandName,
        rows,
        nickname: nicknameField,
        error: message,
      });
      return sendPage(c, rendered, status === 502 ? 400 : status);
    };

    if (!sameOrigin(c)) return fail(403, t.failed);
    const parsed = scanBody.safeParse(raw);
    if (!parsed.success) {
      // The body may be any JSON value (a number, a string, null): only an object has fields to name.
      const input =
        raw !== null && typeof raw === 'object' ? (raw as { openId?: unknown; nickname?: unknown }) : undefined;
      return fail(400, input && 'nickname' in input ? t.needNickname : input?.openId ? t.unknown : t.noIdentity);
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
      openId = newOpenId();
      known = false;
      await deps.db.query(
        'insert into wx_identities (tenant_id, open_id, nickname, created_at, owner_hash) values ($1, $2, $3, $4, $5)',
        [tenantId, openId, body.nickname, deps.now(), owner],
      );
    }

    let content: string | null;
    try {
      content = await deliver(c, { tenantId, openId, scene: body.scene, known, lang });
    } catch (error) {
      log.error({ err: error }, '[wx-sim] delivery failed');
      return fail(502, t.failed);
    }
    const rows = await listIdentities(deps.db, tenantId, owner as string);
    const replyHtmlText = content === null ? markup`${t.noReply}` : replyHtml(content);
    const noteHtml = markup`${t.scanned}`;
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
      simulatorPage({
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
      return c.text(lang === 'en' ? 'Bad request' : '请求无效', 400);
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
