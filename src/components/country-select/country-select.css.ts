import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

/**
 * The select is transparent and covers the wrapper, so the visible face can show just "+86" while a click,
 * a tap or the keyboard still works the native control.
 */
export const wrapper = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  minWidth: 76,
  height: '100%',
  padding: '0 26px 0 12px',
  color: vars.color.text,
  fontSize: 15,
  selectors: {
    '&:has(select:focus-visible)': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -2 },
  },
});

export const face = style({ pointerEvents: 'none', whiteSpace: 'nowrap' });

export const select = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  opacity: 0,
  cursor: 'pointer',
  font: 'inherit',
  ':disabled': { cursor: 'not-allowed' },
});

export const caret = style({
  position: 'absolute',
  right: 8,
  top: '50%',
  width: 10,
  height: 10,
  marginTop: -5,
  pointerEvents: 'none',
  color: vars.color.muted,
});
