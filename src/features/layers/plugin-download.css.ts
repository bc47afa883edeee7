import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const badge = style({
  display: 'inline-block',
  padding: '2px 10px',
  borderRadius: 999,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: 13,
  fontWeight: 700,
  lineHeight: 1.6,
});

export const flow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: 28,
  margin: '0 0 16px',
  padding: 0,
  listStyle: 'none',
  counterReset: 'flow',
});

export const flowStep = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '10px 14px',
  borderRadius: vars.radius.small,
  background: vars.color.surfaceAlt,
  selectors: {
    // An arrow between steps, drawn in the gap.
    '&:not(:last-child)::after': {
      content: '""',
      position: 'absolute',
      right: -20,
      top: '50%',
      width: 10,
      height: 10,
      borderTop: `2px solid ${vars.color.muted}`,
      borderRight: `2px solid ${vars.color.muted}`,
      transform: 'translateY(-50%) rotate(45deg)',
    },
  },
});

export const flowNumber = style({
  flexShrink: 0,
  width: 32,
  height: 32,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '50%',
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: 700,
});

export const flowName = style({ display: 'block', fontWeight: 700, color: vars.color.ink });

export const flowHint = style({ display: 'block', fontSize: 13, color: vars.color.muted, lineHeight: 1.4 });

export const columns = style({ display: 'grid', gridTemplateColumns: '600px 1fr', gap: 24, alignItems: 'start' });

export const main = style({ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 });

// The gaps are what lets every column, with the pending note of an unset download, fit 1000×820 (docs/product.md#constants).
export const side = style({ display: 'flex', flexDirection: 'column', gap: 10, minWidth: 0 });

export const sectionTitle = style({ margin: '0 0 8px', fontSize: 16, fontWeight: 700, color: vars.color.ink });

export const steps = style({
  margin: 0,
  paddingLeft: 22,
  fontSize: 14,
  color: vars.color.text,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});

export const card = style({
  padding: '12px 16px',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.line}`,
});

export const cardText = style({ margin: '0 0 8px', fontSize: 13, color: vars.color.muted, lineHeight: 1.5 });

export const cardButton = style({ width: '100%', paddingInline: 12 });

export const browsers = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: '6px 12px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: 13,
});

export const browser = style({ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 });

export const browserIcon = style({ flexShrink: 0, width: 24, height: 24 });
