/**
 * An article's text as readers see it (the HTML of server/college/markdown.ts): headings, paragraphs, lists, code,
 * quotes, tables and pictures. Shared by the college's article page and the console's live preview, so an editor
 * previews with the public styles. The colours are the portal theme's variables (`--portal-*`, src/styles/theme.css.ts),
 * named here without loading that theme (it styles the whole page): the console's preview sets them on its frame.
 */
import { createGlobalThemeContract, globalStyle, style } from '@vanilla-extract/css';

/** The same variables as the portal theme's contract (same names: `portal-` + the key). */
export const articleVars = createGlobalThemeContract(
  {
    color: { accent: 'accent', ink: 'ink', text: 'text', line: 'line', surfaceAlt: 'surface-alt' },
  },
  (value) => `portal-${value}`,
);

export const articleBody = style({ fontSize: 16, lineHeight: 1.85, color: articleVars.color.text });

const b = articleBody;
globalStyle(`${b} h2`, { margin: '32px 0 12px', fontSize: 22, lineHeight: 1.4, color: articleVars.color.ink });
globalStyle(`${b} h3`, { margin: '24px 0 8px', fontSize: 18, lineHeight: 1.4, color: articleVars.color.ink });
globalStyle(`${b} h4, ${b} h5, ${b} h6`, { margin: '20px 0 8px', fontSize: 16 });
globalStyle(`${b} p`, { margin: '0 0 14px' });
globalStyle(`${b} ul, ${b} ol`, { margin: '0 0 14px', paddingLeft: 24 });
globalStyle(`${b} li`, { margin: '4px 0' });
globalStyle(`${b} a`, { color: articleVars.color.accent });
globalStyle(`${b} code`, {
  padding: '1px 6px',
  borderRadius: 4,
  background: articleVars.color.surfaceAlt,
  fontSize: '0.92em',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
});
globalStyle(`${b} pre`, { padding: 16, overflowX: 'auto', background: articleVars.color.surfaceAlt, borderRadius: 8 });
globalStyle(`${b} pre code`, { padding: 0, background: 'none' });
globalStyle(`${b} blockquote`, {
  margin: '0 0 14px',
  padding: '8px 16px',
  borderLeft: `4px solid ${articleVars.color.accent}`,
  background: articleVars.color.surfaceAlt,
  color: articleVars.color.text,
});
globalStyle(`${b} table`, {
  display: 'block',
  maxWidth: '100%',
  overflowX: 'auto',
  borderCollapse: 'collapse',
  margin: '0 0 16px',
  fontSize: 15,
});
globalStyle(`${b} th, ${b} td`, {
  border: `1px solid ${articleVars.color.line}`,
  padding: '8px 12px',
  textAlign: 'left',
  verticalAlign: 'top',
});
globalStyle(`${b} th`, { background: articleVars.color.surfaceAlt, fontWeight: 600 });
// Pictures carry their width and height (no layout shift); the column scales them down, keeping the shape.
globalStyle(`${b} img`, {
  display: 'block',
  maxWidth: '100%',
  height: 'auto',
  margin: '16px 0',
  borderRadius: 8,
});
