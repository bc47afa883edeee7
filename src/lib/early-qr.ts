/**
 * The QR code of /scan_code asked for by the HTML itself (docs/decisions/035-early-qr-code.md). The page's content
 * is the code, and the app's chain (its JS, hydration, XState and the machine, then the request) keeps a throttled
 * phone waiting for it. So the page's HTML starts with a small inline script (`earlyQrScript`, a classic script,
 * plain ES2017 text, not bundled code) that POSTs create_login_qrcode as soon as it is parsed and, when the
 * answer comes, draws the code into the QR image the server rendered (the `<img data-qr-early="alt text">`),
 * before the app's JS has arrived (or while its machine still loads). It keeps the request on `window.__portalQr`;
 * the scan panel's first
 * `createQrCode` takes it once (`takeEarlyQr`), so the machine adopts that very ticket and polls it. A request
 * that failed in any way (network, 429, an error answer, no answer within 20 s) is not drawn, and the panel then
 * asks as it always does (and shows that answer's error).
 *
 * The script is the same static text for every visitor of /scan_code and /en/scan_code (the server's HTML cache
 * and the CSP's script hashes stay valid); the code itself is per visitor and only ever in that visitor's page.
 * The renderer (src/entry-server.tsx) puts it first in `<head>` of the routes with `staticData.earlyQr`, before
 * the stylesheets (a classic script after a stylesheet waits for it).
 */
import type { DataOf } from '#shared/contract/operation';
import type { scanLoginOperations } from '#shared/contract/scan-login';

/** The create call's data: the QR image (a PNG data URL), the ticket, its lifetime in seconds… */
export type EarlyQrCode = DataOf<(typeof scanLoginOperations)['createQrCode']>;

/** A successful early answer: the code and when it arrived (epoch ms; `expiresIn` counts from then). */
export interface EarlyQrAnswer {
  q: EarlyQrCode;
  a: number;
}

/** The inline script's state on `window.__portalQr` (short keys: the script is inline in the page). */
export interface EarlyQrState {
  /** The path of the page that asked (a code is only for the page it was asked for). */
  u: string;
  /** 1 once the app has taken the request (it is taken once). */
  t: 0 | 1;
  /** The request: resolves with a good answer only, rejects on anything else. Absent without `fetch`. */
  p?: Promise<EarlyQrAnswer>;
}

declare global {
  interface Window {
    __portalQr?: EarlyQrState;
  }
}

/** The attribute of the server's placeholder image the script draws into; its value is the code's alt text. */
export const EARLY_QR_ATTRIBUTE = 'data-qr-early';

/** Set on the image's frame once the script has drawn the code (the frame's spinner hides). */
export const EARLY_QR_SHOWN_ATTRIBUTE = 'data-qr-shown';

/** How long the script waits for the answer, as the API client does. */
export const EARLY_QR_TIMEOUT_MS = 20_000;

/** The API's address and the path of the create call (src/lib/api/scan-login.ts sends the same). */
const CREATE_URL = '/api/v2/wx/create_login_qrcode';

/**
 * The inline script's source text. It sends what the app's client sends for this call (./api/client.ts): an
 * empty JSON body, `Content-Type: application/json` and the page's language in `Accept-Language`; no session
 * token, which creating a code does not read.
 */
export function earlyQrScript(): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return [
    '(function(){',
    'var w=window,d=document,l=location.pathname,S={u:l,t:0};w.__portalQr=S;',
    'if(!w.fetch||!w.Promise)return;',
    "var h={'Content-Type':'application/json','Accept-Language':/^\\/en(\\/|$)/.test(l)?'en':'zh-CN'};",
    'S.p=new Promise(function(ok,no){var c=w.AbortController?new AbortController():null,',
    `k=setTimeout(function(){if(c)c.abort();no(0)},${EARLY_QR_TIMEOUT_MS});`,
    `fetch(${json(CREATE_URL)},{method:'POST',credentials:'same-origin',headers:h,body:'{}',signal:c?c.signal:void 0})`,
    '.then(function(r){return r.json().then(function(b){',
    "if(!r.ok||!b||b.code!==200||!b.data||typeof b.data.qrcode!=='string')throw 0;return{q:b.data,a:Date.now()}})})",
    '.then(function(x){clearTimeout(k);ok(x)},function(e){clearTimeout(k);no(e)})});',
    // Drawn into the placeholder image once it has been parsed (the answer may come first), also when the app
    // has hydrated but its machine has not loaded yet: the placeholder is there only while the panel is
    // "creating", and the app takes this same code. Not on another page (a client-side navigation).
    'S.p.then(function(x){(function paint(){if(location.pathname!==l)return;',
    `var i=d.querySelector(${json(`img[${EARLY_QR_ATTRIBUTE}]`)});`,
    "if(!i){if(d.readyState==='loading')setTimeout(paint,20);return}",
    `i.src=x.q.qrcode;i.alt=i.getAttribute(${json(EARLY_QR_ATTRIBUTE)})||'';`,
    `if(i.parentNode)i.parentNode.setAttribute(${json(EARLY_QR_SHOWN_ATTRIBUTE)},'')})()},function(){})`,
    '})();',
  ].join('');
}

/**
 * The early request of this page, taken once: null when there is none, it was taken already, or it was made for
 * another page.
 */
export function takeEarlyQr(): Promise<EarlyQrAnswer> | null {
  const state = typeof window === 'undefined' ? undefined : window.__portalQr;
  if (!state || state.t) return null;
  state.t = 1;
  if (!state.p || state.u !== window.location.pathname) return null;
  return state.p;
}

/** `html` with `script` as the first element of its `<head>` (the page as rendered when there is no head). */
export function withHeadScript(html: string, script: string): string {
  const head = html.indexOf('<head>');
  if (head < 0) return html;
  const at = head + '<head>'.length;
  return `${html.slice(0, at)}<script>${script}</script>${html.slice(at)}`;
}
