/** The phone's value header: compact, in the brand's soft accent, no image and no script. */
import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: '14px 16px 12px',
  borderRadius: vars.radius.medium,
  background: `linear-gradient(135deg, ${vars.color.accentSoft} 0%, ${vars.color.surfaceAlt} 100%)`,
  // Chinese lines break at punctuation, never inside a word; English wraps as usual.
  wordBreak: 'keep-all',
  overflowWrap: 'anywhere',
});

export const headline = style({
  margin: 0,
  fontSize: 19,
  lineHeight: 1.35,
  fontWeight: 800,
  color: vars.color.ink,
  textWrap: 'balance',
});

export const benefits = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const benefit = style({
  position: 'relative',
  paddingLeft: 20,
  fontSize: 14,
  lineHeight: 1.5,
  color: vars.color.text,
  '::before': {
    content: '""',
    position: 'absolute',
    left: 2,
    top: '0.45em',
    width: 9,
    height: 5,
    borderLeft: `2px solid ${vars.color.accent}`,
    borderBottom: `2px solid ${vars.color.accent}`,
    transform: 'rotate(-45deg)',
  },
});

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: 8,
  margin: '4px 0 0',
  paddingTop: 10,
  borderTop: `1px solid ${vars.color.line}`,
});

/** Value above label, though the label comes first in the markup (a <dl> keeps its term before its value). */
export const figure = style({ display: 'flex', flexDirection: 'column-reverse', gap: 0, minWidth: 0 });

export const figureValue = style({
  margin: 0,
  fontSize: 18,
  lineHeight: 1.25,
  fontWeight: 800,
  color: vars.color.accent,
  whiteSpace: 'nowrap',
});

export const figureLabel = style({ fontSize: 12, lineHeight: 1.4, color: vars.color.muted });
