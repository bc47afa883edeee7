/**
 * Escaping for the pages the server writes outside React: `markup` is Hono's `html` template (every value escaped
 * unless it is markup or `raw()`, kept for the pages' own fixed style and script); `scriptJson` for <script>.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type Markup = HtmlEscapedString;
export { raw };

/** Hono's html template, resolved at once: these templates never hold asynchronous values. */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const result = html(strings, ...values);
  if (result instanceof Promise) throw new Error('markup() received an asynchronous value');
  return result;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe as HTML text or a quoted attribute value, for HTML built outside a template (search snippets). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** A JSON literal safe inside <script>. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
