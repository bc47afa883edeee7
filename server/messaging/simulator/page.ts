/**
 * The simulator page's HTML: the identity list with its ban forms, the chat, and the inline script that scans
 * without reloading the page (the same forms work without it).
 */
import { maskPhone } from '../../accounts/phone';
import { translate } from '../../api/catalog';
import { browserScript } from '../../http/browser-script';
import { type Markup, markup, raw } from '../../http/html';
import { type Lang, page } from '../html';
import { type IdentityRow, NICKNAME_MAX } from './repository';
import { T } from './text';

/** The reply's text as HTML: escaped, with the `<a href="http...">label</a>` links the webhook writes made links. */
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };
/** The text of the reply's markup as the chat shows it (the server escapes the nickname in it). */
const text = (markupText: string) => markupText.replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => ENTITIES[entity]);

function replyHtml(content: string): Markup {
  const parts: (string | Markup)[] = [];
  const link = /<a href="(https?:\/\/[^"<>\s]+)">([^<]*)<\/a>/g;
  let last = 0;
  for (const match of content.matchAll(link)) {
    parts.push(text(content.slice(last, match.index)));
    parts.push(markup`<a href="${match[1]}" data-testid="confirm-link">${text(match[2])}</a>`);
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(text(content.slice(last)));
  return markup`${parts}`;
}

function identityLabel(row: IdentityRow, t: (typeof T)[Lang]): string {
  return row.nickname ?? t.unnamed;
}

export function identityList(rows: IdentityRow[], lang: Lang, selected?: string): Markup {
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
export function banForms(rows: IdentityRow[], lang: Lang, scene: string): Markup {
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

/** What a scan adds to the chat: the user's note and the account's reply (or the note that none came). */
export function scanBubbles(content: string | null, lang: Lang): { note: Markup; reply: Markup } {
  const t = T[lang];
  return { note: markup`${t.scanned}`, reply: content === null ? markup`${t.noReply}` : replyHtml(content) };
}

export async function simulatorPage(input: {
  lang: Lang;
  scene: string;
  brandName: string;
  rows: IdentityRow[];
  selected?: string;
  nickname?: string;
  bubbles?: { me?: boolean; html: Markup }[];
  error?: string;
}) {
  const { lang, scene } = input;
  const t = T[lang];
  const words = { scanning: t.scanning, scan: t.scan, network: t.network, failed: t.failed };
  const other: Lang = lang === 'en' ? 'zh' : 'en';
  const otherHref = `/wx-sim?${new URLSearchParams(scene ? { scene, lang: other } : { lang: other })}`;
  const header = markup`<header><h1>${t.title}</h1><p>${t.subtitle} · ${input.brandName} · <a href="${otherHref}" lang="${other === 'en' ? 'en' : 'zh-CN'}">${new Intl.DisplayNames([other], { type: 'language' }).of(other)}</a></p></header>`;
  const number = Math.floor(1000 + Math.random() * 9000);
  const nickname = input.nickname ?? translate({ id: /*i18n*/ '微信用户{number}', values: { number } }, lang);
  const bubbles = (input.bubbles ?? []).map(
    (b) =>
      markup`<div class="bubble${b.me ? ' me' : ''}" data-testid="${b.me ? 'sim-scan-note' : 'sim-reply'}"><span class="from">${b.me ? t.me : t.account}</span>${b.html}</div>`,
  );
  const body = markup`<p class="notice" data-testid="sim-warning">${t.warning}</p>
${scene ? '' : markup`<p class="notice" role="status" data-testid="sim-no-scene">${t.noScene}</p>`}
<section aria-labelledby="choose-title">
<form id="scan-form" method="post" action="/wx-sim/scan" novalidate data-words="${JSON.stringify(words)}">
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
  return page({ lang, title: t.title, header, body, script: scene ? await browserScript('scan') : undefined });
}
