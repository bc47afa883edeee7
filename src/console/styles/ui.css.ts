/** The console's building blocks: buttons, fields, tables, notices, cards. */
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

export const button = recipe({
  base: {
    font: 'inherit',
    padding: '6px 14px',
    borderRadius: vars.radius.s,
    border: `1px solid ${vars.color.line}`,
    background: vars.color.surface,
    color: vars.color.text,
    cursor: 'pointer',
    selectors: { '&:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
  },
  variants: {
    tone: {
      plain: {},
      primary: { background: vars.color.accent, borderColor: vars.color.accent, color: vars.color.accentInk },
      danger: { background: vars.color.danger, borderColor: vars.color.danger, color: '#fff' },
      link: { border: 'none', background: 'none', color: vars.color.accent, padding: 0, textDecoration: 'underline' },
    },
  },
  defaultVariants: { tone: 'plain' },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 140 });
export const label = style({ fontSize: 13, color: vars.color.muted });
export const input = style({
  font: 'inherit',
  padding: '6px 8px',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.s,
  background: vars.color.surface,
});
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.m, alignItems: 'flex-end' });
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.m,
  padding: vars.space.l,
  marginBottom: vars.space.l,
});
export const heading = style({ fontSize: 20, margin: `0 0 ${vars.space.m}` });
export const subheading = style({ fontSize: 16, margin: `0 0 ${vars.space.m}` });
export const table = style({ width: '100%', borderCollapse: 'collapse', background: vars.color.surface });
export const cell = style({
  textAlign: 'left',
  padding: '8px 10px',
  borderBottom: `1px solid ${vars.color.line}`,
  verticalAlign: 'top',
});
export const numberCell = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
export const notice = recipe({
  base: { padding: '10px 14px', borderRadius: vars.radius.s, margin: `${vars.space.s} 0` },
  variants: {
    tone: {
      info: { background: vars.color.surfaceAlt, color: vars.color.muted },
      error: { background: vars.color.dangerSoft, color: vars.color.danger },
      ok: { background: vars.color.okSoft, color: vars.color.ok },
    },
  },
  defaultVariants: { tone: 'info' },
});
export const definitions = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.s} ${vars.space.l}`,
  margin: 0,
});
export const term = style({ color: vars.color.muted });
export const detail = style({ margin: 0, wordBreak: 'break-all' });
export const code = style({
  fontFamily: vars.font.mono,
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  margin: 0,
  background: vars.color.surfaceAlt,
  padding: vars.space.s,
  borderRadius: vars.radius.s,
  maxWidth: 420,
  overflowX: 'auto',
});
export const confirmPanel = style({
  border: `2px solid ${vars.color.accent}`,
  borderRadius: vars.radius.m,
  padding: vars.space.m,
  margin: `${vars.space.m} 0`,
  background: vars.color.surface,
});
/** A small label: `danger` (banned, closed) or `neutral` (an article's state). */
export const badge = recipe({
  base: { display: 'inline-block', padding: '1px 8px', borderRadius: 10, fontSize: 12 },
  variants: {
    tone: {
      danger: { background: vars.color.dangerSoft, color: vars.color.danger },
      neutral: { background: vars.color.surfaceAlt, border: `1px solid ${vars.color.line}` },
    },
  },
  defaultVariants: { tone: 'danger' },
});
export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xl,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
