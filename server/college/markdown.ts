/**
 * Article Markdown → HTML (markdown-it), server only: raw HTML off (tags come out escaped), links only to this
 * site, `#`, http(s) and mailto, `#` headings shown as h2. Images only of our own pictures (`/media/<id>.webp`,
 * uploaded in the console) whose size the caller gives (`mediaSizes` in ./media.ts loads them): drawn with alt,
 * width, height and lazy loading; any other image (another host, another path, an unknown picture) becomes its
 * alt text, so no article makes a reader's browser ask a third party for anything.
 * The pages insert this HTML with dangerouslySetInnerHTML; nothing else may produce HTML for them.
 */
import markdownIt, { type Env, type MarkdownIt, type Token } from 'markdown-it';
import { MEDIA_URL } from '../../shared/contract/console-articles';

/** Bump when the rendering changes: every article's hash includes it, so the next seed re-renders all. */
export const RENDERER_VERSION = 2;

/** A picture's size as drawn: its article-width WebP's (college_media.webp_width, webp_height). */
export interface ImageSize {
  width: number;
  height: number;
}

/** The sizes of the pictures an article shows, by their address (`/media/<id>.webp`). */
export type ImageSizes = ReadonlyMap<string, ImageSize>;

const SAFE_LINK = /^(\/(?!\/)|#|https?:\/\/|mailto:)/i;

function createRenderer(): MarkdownIt {
  const md = markdownIt({ html: false, linkify: false, typographer: false, breaks: false });
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

  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const src = String(token.attrGet('src') ?? '');
    const size = MEDIA_URL.test(src) ? (env as RenderEnv).images?.get(src) : undefined;
    const escapeHtml = md.utils.escapeHtml;
    if (!size || !validSize(size)) return escapeHtml(alt);
    return (
      `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${size.width}" height="${size.height}"` +
      ' loading="lazy" decoding="async">'
    );
  };
  return md;
}

const renderer = createRenderer();

interface RenderEnv extends Env {
  h1?: boolean;
  images?: ImageSizes;
}

const validSize = (size: ImageSize) =>
  Number.isInteger(size.width) && Number.isInteger(size.height) && size.width > 0 && size.height > 0;

export interface RenderedMarkdown {
  html: string;
  /** The readable text (no Markdown syntax), for search and snippets. */
  text: string;
  /** Whether the text had a top-level (`#`) heading, which the content rules forbid. */
  hadH1: boolean;
}

/** `images`: the sizes of the pictures it may show (an image not in it is drawn as its alt text). */
export function renderMarkdown(markdown: string, images?: ImageSizes): RenderedMarkdown {
  const env: RenderEnv = { images };
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

/**
 * A parser with markdown-it's own link check, not the renderer's: `![x](//host/x.png)` is still an image here (the
 * renderer leaves it as text), so the console can refuse every picture that is not one of ours.
 */
const imageFinder = markdownIt({ html: false });

/** Every image source of the Markdown (inline and reference images), in order. */
export function imageSourcesOf(markdown: string): string[] {
  const sources: string[] = [];
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'image') sources.push(String(token.attrGet('src') ?? ''));
      if (token.children) visit(token.children);
    }
  };
  visit(imageFinder.parse(markdown, {}));
  return sources;
}

/**
 * The addresses of our own pictures an article's Markdown shows (`/media/<id>.webp`, each once, in order): the ones
 * the renderer would draw given their sizes (both link checks let them through). Images from anywhere else are not
 * listed (they are never drawn).
 */
export function mediaUrlsOf(markdown: string): string[] {
  return [...new Set(imageSourcesOf(markdown).filter((src) => MEDIA_URL.test(src)))];
}
