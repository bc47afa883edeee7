import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: 24,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const card = style({
  display: 'flex',
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  margin: 0,
  padding: 28,
});

export const result = style({
  alignSelf: 'flex-start',
  margin: 0,
  padding: '6px 12px',
  borderRadius: vars.radius.small,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: 15,
  fontWeight: 700,
});

export const quote = style({
  flex: 1,
  margin: '18px 0 24px',
  color: vars.color.text,
  fontSize: 16,
  lineHeight: 1.8,
});

export const quoteText = style({ margin: 0 });

export const author = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  paddingTop: 20,
  borderTop: `1px solid ${vars.color.line}`,
});

export const avatar = style({
  flex: 'none',
  width: 48,
  height: 48,
  borderRadius: '50%',
});

export const authorText = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  flex: 1,
});

export const name = style({
  color: vars.color.ink,
  fontWeight: 700,
});

export const store = style({
  color: vars.color.muted,
  fontSize: 14,
});

export const market = style({
  flex: 'none',
  padding: '2px 10px',
  borderRadius: 999,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.muted,
  fontSize: 13,
});
