import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const bar = style({
  position: 'fixed',
  // 4 + 66 px wide: it fits in the 70 px beside the 1300 px content of a 1440 px screen.
  right: 4,
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
  width: 56,
  padding: '10px 2px 8px',
  border: 0,
  borderRadius: vars.radius.small,
  background: 'none',
  font: 'inherit',
  fontSize: 11,
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
