/** The phone pages' shell: plain HTML for small screens, inline CSS, the strict policy with its hashes. */
import type { Context } from 'hono';
import { type Markup, markup, serverPage } from '../http/html';

export type Lang = 'zh' | 'en';

/** The page language: `lang` in the query (or form), else Accept-Language, else Chinese. */
export function pageLanguage(c: Context, explicit?: string | null): Lang {
  const lang = explicit ?? c.req.query('lang');
  if (lang === 'en' || lang === 'zh') return lang;
  return (c.req.header('accept-language') ?? '').trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; color: #1b1b1b; background: #ededed; }
  header { background: #2e2e2e; color: #fff; padding: 12px 16px; }
  header h1 { margin: 0; font-size: 18px; }
  header p { margin: 2px 0 0; font-size: 13px; color: #e0e0e0; }
  header a { color: #fff; }
  main { max-width: 480px; margin: 0 auto; padding: 16px; }
  section, .card { background: #fff; border-radius: 10px; padding: 16px; margin-bottom: 16px; }
  h2 { font-size: 17px; margin: 0 0 12px; }
  fieldset { border: 0; margin: 0; padding: 0; }
  legend { font-weight: 600; margin-bottom: 8px; padding: 0; }
  ul { list-style: none; margin: 0; padding: 0; }
  li.identity { display: flex; align-items: center; gap: 8px; padding: 10px 0; border-bottom: 1px solid #e4e4e4; }
  li.identity label { flex: 1; display: flex; gap: 8px; align-items: flex-start; cursor: pointer; }
  .meta { display: block; font-size: 14px; color: #4a4a4a; }
  .banned { color: #b3261e; font-weight: 600; }
  input[type=text] { font: inherit; width: 100%; padding: 10px; border: 1px solid #767676; border-radius: 6px; margin-top: 6px; }
  input[type=radio] { width: 20px; height: 20px; margin-top: 2px; accent-color: #05713c; }
  button, .button { font: inherit; min-height: 44px; padding: 10px 18px; border-radius: 8px; border: 1px solid transparent; cursor: pointer; text-decoration: none; display: inline-block; text-align: center; }
  .primary { background: #05713c; color: #fff; width: 100%; font-size: 17px; margin-top: 12px; }
  .secondary { background: #fff; color: #1b1b1b; border-color: #767676; }
  .small { min-height: 36px; padding: 6px 10px; font-size: 14px; }
  button:disabled { opacity: .6; cursor: default; }
  :focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  .chat { display: flex; flex-direction: column; gap: 10px; }
  .bubble { align-self: flex-start; max-width: 85%; background: #fff; border-radius: 8px; padding: 10px 12px; word-break: break-word; }
  .bubble.me { align-self: flex-end; background: #95ec69; }
  .bubble a { color: #0b4fa8; font-weight: 600; }
  .from { font-size: 12px; color: #4a4a4a; display: block; }
  .notice { background: #fff7e0; border: 1px solid #c78a00; border-radius: 8px; padding: 10px 12px; margin-bottom: 16px; font-size: 14px; }
  .error { background: #fdecea; border: 1px solid #b3261e; color: #7a1410; border-radius: 8px; padding: 10px 12px; margin: 12px 0 0; }
  .error:empty { display: none; }
  .actions { display: flex; flex-direction: column; gap: 12px; margin-top: 16px; }
  .actions button { width: 100%; }
  .result { text-align: center; padding: 32px 16px; }
  .result h1 { font-size: 22px; margin: 0 0 8px; }
  .big { font-size: 20px; font-weight: 600; }
`;

export function page(input: { lang: Lang; title: string; header?: Markup; body: Markup; script?: string }) {
  const head = markup`\n<meta name="referrer" content="same-origin">`;
  const body = markup`${input.header ?? ''}\n<main>\n${input.body}\n</main>`;
  return serverPage({ ...input, style: STYLE, head, body });
}

export function sendPage(
  c: Context,
  rendered: { html: string; csp: string },
  status: 200 | 400 | 403 | 404 | 410 | 429 = 200,
) {
  return c.html(rendered.html, status, {
    'Cache-Control': 'no-store',
    'Content-Security-Policy': rendered.csp,
    'Referrer-Policy': 'same-origin',
  });
}
