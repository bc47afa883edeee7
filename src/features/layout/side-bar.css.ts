import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const bar = style({
  position: 'fixed',
  right: 12,
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 90,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  margin: 0,
  padding: 4,
  listStyle: 'none',
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  boxShadow: vars.shadow.card,
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 4,
  width: 64,
  padding: '10px 4px 8px',
  border: 0,
  borderRadius: vars.radius.small,
  background: 'none',
  font: 'inherit',
  fontSize: 12,
  lineHeight: 1.3,
  color: vars.color.text,
  textAlign: 'center',
  cursor: 'pointer',
  transition: 'background 0.15s ease, color 0.15s ease',
  selectors: {
    '&[data-active="true"]': { background: vars.color.accentSoft, color: vars.color.accent },
  },
});

export const icon = style({ display: 'block', width: 24, height: 24 });
