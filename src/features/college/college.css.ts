/**
 * The business college's look: a banner with the search box, the section menu, a breadcrumb, then the content
 * column beside the recommended list, inside the 1300 px main column (docs/product.md#constants).
 */
import { globalStyle, style } from '@vanilla-extract/css';
import { layout, vars } from '~/styles/theme.css';

export const page = style({ display: 'block', color: vars.color.text, paddingBottom: 64 });

/** The main column (docs/product.md#constants) in both languages, as on the home page, clear of the floating side bar. */
export const container = style({ width: layout.mainColumn, margin: '0 auto' });

export const banner = style({
  background: `linear-gradient(120deg, ${vars.color.ink} 0%, #2b2f5c 60%, #3b3f7a 100%)`,
  color: '#ffffff',
  padding: '40px 0 36px',
  marginTop: -layout.contentPaddingTop,
});

export const bannerInner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 32,
  flexWrap: 'wrap',
});

export const bannerTitle = style({ margin: 0, fontSize: 34, fontWeight: 700, lineHeight: 1.25 });

export const bannerLead = style({ margin: '8px 0 0', fontSize: 16, color: '#e6e8f5', maxWidth: 620 });

export const searchForm = style({
  display: 'flex',
  alignItems: 'stretch',
  width: 440,
  maxWidth: '100%',
  background: '#ffffff',
  borderRadius: 999,
  padding: 4,
  boxShadow: '0 6px 20px rgba(0, 0, 0, 0.18)',
});

export const searchInput = style({
  flex: 1,
  minWidth: 0,
  border: 'none',
  background: 'transparent',
  padding: '8px 16px',
  fontSize: 15,
  color: vars.color.text,
  borderRadius: 999,
  selectors: { '&::placeholder': { color: vars.color.muted } },
});

export const searchButton = style({
  border: 'none',
  borderRadius: 999,
  padding: '8px 22px',
  fontSize: 15,
  fontWeight: 600,
  cursor: 'pointer',
  background: vars.color.accent,
  color: vars.color.onAccent,
  selectors: { '&[aria-disabled="true"]': { opacity: 0.75, cursor: 'progress' } },
});

export const searchStatus = style({ margin: '8px 0 0', fontSize: 14, color: '#e6e8f5', minHeight: 20 });

export const menu = style({
  display: 'flex',
  gap: 8,
  flexWrap: 'wrap',
  margin: 0,
  padding: '16px 0',
  listStyle: 'none',
  borderBottom: `1px solid ${vars.color.line}`,
});

export const menuLink = style({
  display: 'inline-block',
  padding: '8px 18px',
  borderRadius: 999,
  textDecoration: 'none',
  fontSize: 15,
  fontWeight: 600,
  color: vars.color.text,
  background: vars.color.surfaceAlt,
  selectors: {
    '&:hover': { color: vars.color.accent },
    '&[data-active="true"]': { background: vars.color.accent, color: vars.color.onAccent },
  },
});

export const breadcrumb = style({ margin: '16px 0 8px', fontSize: 14, color: vars.color.muted });

export const breadcrumbList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const breadcrumbItem = style({
  display: 'inline-flex',
  gap: 6,
  alignItems: 'center',
  selectors: { '&:not(:last-child)::after': { content: '"/"', color: vars.color.muted } },
});

export const breadcrumbLink = style({
  color: vars.color.muted,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.accent, textDecoration: 'underline' } },
});

export const breadcrumbCurrent = style({
  color: vars.color.text,
  maxWidth: 520,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 320px',
  gap: 32,
  alignItems: 'start',
  marginTop: 8,
});

export const content = style({ minWidth: 0 });

export const heading = style({ margin: '8px 0 8px', fontSize: 28, lineHeight: 1.3, color: vars.color.ink });

export const lead = style({ margin: '0 0 16px', color: vars.color.muted, fontSize: 15 });

export const cardList = style({ margin: 0, padding: 0, listStyle: 'none' });

export const card = style({
  padding: '20px 0',
  borderBottom: `1px solid ${vars.color.line}`,
});

export const cardTitle = style({ margin: 0, fontSize: 19, lineHeight: 1.45, fontWeight: 600 });

export const cardLink = style({
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.accent, textDecoration: 'underline' } },
});

export const cardSummary = style({ margin: '8px 0 0', color: vars.color.text, fontSize: 15 });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 12,
  margin: '8px 0 0',
  fontSize: 13,
  color: vars.color.muted,
});

export const tag = style({
  padding: '1px 8px',
  borderRadius: 4,
  background: vars.color.surfaceAlt,
  color: vars.color.muted,
});

export const empty = style({
  padding: '40px 24px',
  textAlign: 'center',
  color: vars.color.muted,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.medium,
});

export const errorBox = style([empty, { color: vars.color.failed }]);

export const retry = style({
  marginTop: 12,
  padding: '6px 18px',
  borderRadius: 999,
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.surface,
  color: vars.color.accent,
  cursor: 'pointer',
  fontSize: 14,
});

export const pagination = style({ marginTop: 24 });

export const pageList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pageLink = style({
  display: 'inline-block',
  minWidth: 36,
  padding: '6px 10px',
  textAlign: 'center',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: 14,
  selectors: {
    '&:hover': { borderColor: vars.color.accent, color: vars.color.accent },
    '&[aria-current="page"]': { background: vars.color.accent, borderColor: vars.color.accent, color: '#ffffff' },
  },
});

export const article = style({ minWidth: 0 });

export const articleTitle = style([heading, { fontSize: 30 }]);

export const markdown = style({ marginTop: 24, fontSize: 16, lineHeight: 1.85, color: vars.color.text });

globalStyle(`${markdown} h2`, { margin: '32px 0 12px', fontSize: 22, lineHeight: 1.4, color: vars.color.ink });
globalStyle(`${markdown} h3`, { margin: '24px 0 8px', fontSize: 18, lineHeight: 1.4, color: vars.color.ink });
globalStyle(`${markdown} h4, ${markdown} h5, ${markdown} h6`, { margin: '20px 0 8px', fontSize: 16 });
globalStyle(`${markdown} p`, { margin: '0 0 14px' });
globalStyle(`${markdown} ul, ${markdown} ol`, { margin: '0 0 14px', paddingLeft: 24 });
globalStyle(`${markdown} li`, { margin: '4px 0' });
globalStyle(`${markdown} a`, { color: vars.color.accent });
// Pictures carry their width and height (no layout shift); the column scales them down, keeping the shape.
globalStyle(`${markdown} img`, {
  display: 'block',
  maxWidth: '100%',
  height: 'auto',
  margin: '16px 0',
  borderRadius: 8,
});
globalStyle(`${markdown} code`, {
  padding: '1px 6px',
  borderRadius: 4,
  background: vars.color.surfaceAlt,
  fontSize: '0.92em',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
});
globalStyle(`${markdown} pre`, { padding: 16, overflowX: 'auto', background: vars.color.surfaceAlt, borderRadius: 8 });
globalStyle(`${markdown} pre code`, { padding: 0, background: 'none' });
globalStyle(`${markdown} blockquote`, {
  margin: '0 0 14px',
  padding: '8px 16px',
  borderLeft: `4px solid ${vars.color.accent}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
});
globalStyle(`${markdown} table`, {
  display: 'block',
  maxWidth: '100%',
  overflowX: 'auto',
  borderCollapse: 'collapse',
  margin: '0 0 16px',
  fontSize: 15,
});
globalStyle(`${markdown} th, ${markdown} td`, {
  border: `1px solid ${vars.color.line}`,
  padding: '8px 12px',
  textAlign: 'left',
  verticalAlign: 'top',
});
globalStyle(`${markdown} th`, { background: vars.color.surfaceAlt, fontWeight: 600 });

export const likeBox = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 16,
  margin: '32px 0 8px',
});

export const likeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  padding: '10px 26px',
  borderRadius: 999,
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.surface,
  color: vars.color.accent,
  fontSize: 16,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.accent, color: vars.color.onAccent, cursor: 'default' },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

export const likeCount = style({ fontSize: 15, color: vars.color.muted, minWidth: 72 });

export const likeError = style({ margin: '4px 0 0', textAlign: 'center', fontSize: 14, color: vars.color.failed });

export const notice = style({
  margin: '24px 0 0',
  padding: '12px 16px',
  borderRadius: vars.radius.small,
  background: vars.color.surfaceAlt,
  color: vars.color.muted,
  fontSize: 14,
});

export const neighbours = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: 16,
  marginTop: 24,
  paddingTop: 16,
  borderTop: `1px solid ${vars.color.line}`,
});

export const neighbour = style({ display: 'flex', flexDirection: 'column', gap: 4, fontSize: 14, minWidth: 0 });

export const neighbourNext = style([neighbour, { textAlign: 'right', alignItems: 'flex-end' }]);

export const neighbourLabel = style({ color: vars.color.muted });

export const neighbourNone = style({ color: vars.color.muted });

export const aside = style({
  padding: 20,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.line}`,
  position: 'sticky',
  top: layout.headerHeight + 16,
});

export const asideTitle = style({ margin: '0 0 12px', fontSize: 18, color: vars.color.ink });

export const rankList = style({ margin: 0, padding: 0, listStyle: 'none' });

export const rankItem = style({
  display: 'flex',
  gap: 12,
  alignItems: 'flex-start',
  padding: '10px 0',
  selectors: { '&:not(:last-child)': { borderBottom: `1px dashed ${vars.color.line}` } },
});

export const rankText = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, fontSize: 14 });

export const rankDate = style({ fontSize: 12, color: vars.color.muted });

export const highlight = style({ background: '#fff1a8', color: 'inherit', padding: '0 1px', borderRadius: 2 });

export const resultSection = style({ color: vars.color.accent, fontWeight: 600 });

/** The free-trial prompt that ends every article: the reader who got this far is the one to invite. */
export const trialPrompt = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 24,
  margin: '32px 0 0',
  padding: '20px 24px',
  borderRadius: vars.radius.medium,
  background: vars.color.accentSoft,
});

export const trialTitle = style({ margin: 0, fontSize: 18, fontWeight: 700, color: vars.color.ink });

export const trialText = style({ margin: '4px 0 0', fontSize: 14, color: vars.color.text });

export const trialButton = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 40,
  padding: '0 22px',
  borderRadius: 999,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: 15,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  ':hover': { filter: 'brightness(1.08)' },
});

/** The article's cover picture: the content column's width, its own proportions (width/height reserve the space). */
export const cover = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  marginTop: 16,
  borderRadius: vars.radius.small,
  background: vars.color.surfaceAlt,
});

/** A list card with a cover: the text beside a small picture. */
export const cardWithCover = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 160px', gap: 20 });

export const cardCover = style({
  display: 'block',
  width: 160,
  height: 100,
  objectFit: 'cover',
  borderRadius: vars.radius.small,
  background: vars.color.surfaceAlt,
});

export const related = style({ marginTop: 32, paddingTop: 16, borderTop: `1px solid ${vars.color.line}` });

export const relatedTitle = style({ margin: '0 0 8px', fontSize: 20, color: vars.color.ink });

export const relatedList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '12px 24px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const relatedItem = style({ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0, fontSize: 15 });

export const previewBanner = style({
  margin: '8px 0 0',
  padding: '10px 16px',
  borderRadius: vars.radius.small,
  background: '#fff4d6',
  color: vars.color.ink,
  fontSize: 14,
});
