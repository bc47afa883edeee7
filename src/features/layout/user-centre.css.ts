import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 34,
  padding: '0 20px',
  borderRadius: 999,
  font: 'inherit',
  fontSize: 14,
  fontWeight: 500,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background 0.15s ease, color 0.15s ease, border-color 0.15s ease, filter 0.15s ease',
});

const accentFilled = {
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.accent,
  color: vars.color.onAccent,
  selectors: { '&:hover': { filter: 'brightness(0.92)' } },
};

export const loginButton = style([buttonBase, accentFilled]);

export const menu = style({ position: 'relative' });

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  maxWidth: 170,
  height: 36,
  padding: '0 10px 0 3px',
  border: `1px solid ${vars.color.line}`,
  borderRadius: 999,
  background: vars.color.surface,
  font: 'inherit',
  fontSize: 14,
  color: vars.color.text,
  cursor: 'pointer',
  transition: 'border-color 0.15s ease, box-shadow 0.15s ease',
  selectors: {
    '&:hover, &[aria-expanded="true"]': {
      borderColor: vars.color.accent,
      boxShadow: '0 2px 8px rgba(20, 24, 40, 0.08)',
    },
  },
});

export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: 28,
  height: 28,
  flex: 'none',
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: 13,
  fontWeight: 600,
  textTransform: 'uppercase',
});

export const avatarLarge = style([avatar, { width: 40, height: 40, fontSize: 17 }]);

export const userName = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const caret = style({
  width: 10,
  height: 10,
  flex: 'none',
  color: vars.color.muted,
  transition: 'transform 0.2s ease',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
});

export const panel = style({
  position: 'absolute',
  top: 'calc(100% + 10px)',
  right: 0,
  zIndex: 110,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  width: 240,
  padding: 16,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  boxShadow: '0 12px 32px rgba(20, 24, 40, 0.14)',
  selectors: { '&[hidden]': { display: 'none' } },
});

export const panelHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  paddingBottom: 12,
  marginBottom: 4,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const panelIdentity = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const panelName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 600,
  color: vars.color.text,
});

export const panelStatus = style({ fontSize: 12, color: vars.color.muted });

export const primaryButton = style([buttonBase, accentFilled, { width: '100%' }]);

export const secondaryButton = style([
  buttonBase,
  {
    width: '100%',
    border: `1px solid ${vars.color.line}`,
    background: vars.color.surface,
    color: vars.color.text,
    selectors: { '&:hover': { borderColor: vars.color.accent, color: vars.color.accent } },
  },
]);
