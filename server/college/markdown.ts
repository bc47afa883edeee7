/**
 * Article Markdown → HTML (markdown-it), server only: raw HTML off (tags come out escaped), links only to this
 * site, `#`, http(s) and mailto, no images (they would leak the reader's address), `#` headings shown as h2.
 * The pages insert this HTML with dangerouslySetInnerHTML; nothing else may produce HTML for them.
 */
import markdownIt, { type Env, type MarkdownIt, type Token } from 'markdown-it';

/** Bump when the rendering changes: every article's hash includes it, so the next seed re-renders all. */
export const RENDERER_VERSION = 1;

const SAFE_LINK = /^(\/(?!\/)|#|https?:\/\/|mailto:)/i;

function createRenderer(): MarkdownIt {
  const md = markdownIt({ html: false, linkify: false, typographer: false, breaks: false });
  md.disable(['image']);
  md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

  md.core.ruler.push('no_h1', (state) => {
    for (const token of state.tokens) {
      if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') {
        token.tag = 'h2';
        (state.env as RenderEnv).h1 = true;
      }
    }
  });

  const defaultLinkOpen =
    md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = String(tokens[idx].attrGet('href') ?? '');
    if (/^(https?:)?\/\//i.test(href) || /^mailto:/i.test(href)) {
      tokens[idx].attrSet('rel', 'nofollow noopener noreferrer');
      tokens[idx].attrSet('target', '_blank');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  return md;
}

const renderer = createRenderer();

interface RenderEnv extends Env {
  h1?: boolean;
}

export interface RenderedMarkdown {
  html: string;
  /** The readable text (no Markdown syntax), for search and snippets. */
  text: string;
  /** Whether the text had a top-level (`#`) heading, which the content rules forbid. */
  hadH1: boolean;
}

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const env: RenderEnv = {};
  const tokens = renderer.parse(markdown, env);
  const html = renderer.renderer.render(tokens, renderer.options, env);
  const blocks: string[] = [];
  for (const token of tokens) {
    if (token.type === 'inline') {
      const text = (token.children ?? [])
        .map((child: Token) => {
          if (child.type === 'text' || child.type === 'code_inline') return child.content;
          if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
          return '';
        })
        .join('');
      if (text.trim()) blocks.push(text.trim());
    } else if (token.type === 'fence' || token.type === 'code_block') {
      if (token.content.trim()) blocks.push(token.content.trim());
    }
  }
  return { html, text: blocks.join('\n'), hadH1: env.h1 === true };
}
