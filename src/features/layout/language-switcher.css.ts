import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const group = style({
  display: 'flex',
  width: '100%',
  height: '100%',
  minInlineSize: 0,
  margin: 0,
  padding: 3,
  borderRadius: 999,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.line}`,
});

/** Each language's form takes no box of its own: its button is the group's flex item. */
export const entry = style({ display: 'contents' });

export const option = style({
  flex: '1 1 50%',
  border: 0,
  borderRadius: 999,
  background: 'none',
  font: 'inherit',
  fontSize: 13,
  lineHeight: 1,
  color: vars.color.muted,
  cursor: 'pointer',
  transition: 'background 0.15s ease, color 0.15s ease',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.text,
      fontWeight: 600,
      boxShadow: '0 1px 3px rgba(20, 24, 40, 0.14)',
      cursor: 'default',
    },
  },
});
