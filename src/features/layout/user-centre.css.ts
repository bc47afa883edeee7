import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const widget = style({ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 });

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 34,
  padding: '0 18px',
  borderRadius: 999,
  font: 'inherit',
  fontSize: 14,
  fontWeight: 500,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background 0.15s ease, color 0.15s ease, border-color 0.15s ease',
});

export const primaryButton = style([
  buttonBase,
  {
    border: `1px solid ${vars.color.accent}`,
    background: vars.color.accent,
    color: vars.color.onAccent,
    selectors: { '&:hover': { filter: 'brightness(0.93)' } },
  },
]);

export const quietButton = style([
  buttonBase,
  {
    padding: '0 4px',
    border: '1px solid transparent',
    background: 'none',
    color: vars.color.muted,
    selectors: { '&:hover': { color: vars.color.accent } },
  },
]);

export const user = style({ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 });

export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: 30,
  height: 30,
  flex: 'none',
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: 14,
  fontWeight: 600,
  textTransform: 'uppercase',
});

export const userName = style({
  maxWidth: 96,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: 14,
  color: vars.color.text,
});
