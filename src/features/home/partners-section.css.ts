import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: 20,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const tile = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 112,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  transition: 'box-shadow 0.2s ease, border-color 0.2s ease',
  ':hover': { boxShadow: vars.shadow.card, borderColor: 'transparent' },
});

export const logo = style({ display: 'block', width: 160, height: 56 });
