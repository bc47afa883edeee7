/**
 * Escaping for the pages the server writes outside React: `markup` is Hono's `html` template (every value escaped
 * unless it is markup or `raw()`, kept for the pages' own fixed style and script).
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { contentSecurityPolicy, inlineHash } from './security-headers';

export type Markup = HtmlEscapedString;
export { raw };

/** Hono's html template, resolved at once: these templates never hold asynchronous values. */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const result = html(strings, ...values);
  if (result instanceof Promise) throw new Error('markup() received an asynchronous value');
  return result;
}

/** `text` safe as HTML text or a quoted attribute value, for HTML built outside a template (search snippets). */
export const escapeHtml = (text: string): string => markup`${text}`.toString();

/**
 * A page the server writes itself, with the strict policy: its own fixed style and script (the only raw parts)
 * run by hash. `head` adds to the head, `brand` marks the root element.
 */
export function serverPage(input: {
  lang: 'zh' | 'en';
  title: string;
  style: string;
  head?: Markup;
  brand?: string;
  body: Markup;
  script?: string;
}): { html: string; csp: string } {
  const { lang, style, script } = input;
  const html = markup`<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"${input.brand ? markup` data-brand="${input.brand}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${input.head ?? ''}
<title>${input.title}</title>
<style>${raw(style)}</style>
</head>
<body>
${input.body}
${script ? markup`<script>${raw(script)}</script>` : ''}
</body>
</html>`.toString();
  const csp = contentSecurityPolicy({
    scriptHashes: script ? [inlineHash(script)] : [],
    styleHashes: [inlineHash(style)],
  });
  return { html, csp };
}
