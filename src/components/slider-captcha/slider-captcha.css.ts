import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: 12, width: '100%', maxWidth: 320 });

export const picture = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '2 / 1',
  overflow: 'hidden',
  borderRadius: vars.radius.small,
  background: vars.color.surfaceAlt,
  userSelect: 'none',
});

export const image = style({ display: 'block', width: '100%', height: '100%', pointerEvents: 'none' });

const shakeFrames = keyframes({
  '0%, 100%': { transform: 'translateX(0)' },
  '20%, 60%': { transform: 'translateX(-6px)' },
  '40%, 80%': { transform: 'translateX(6px)' },
});

export const piece = style({
  position: 'absolute',
  height: 'auto',
  pointerEvents: 'none',
  filter: 'drop-shadow(0 2px 4px rgba(0, 0, 0, 0.35))',
});

export const shake = style({
  '@media': { '(prefers-reduced-motion: no-preference)': { animation: `${shakeFrames} 400ms ease-in-out` } },
  outline: `2px solid ${vars.color.failed}`,
});

export const veil = style({ position: 'absolute', inset: 0, background: 'rgba(255, 255, 255, 0.6)' });

export const refresh = style({
  position: 'absolute',
  top: 6,
  right: 6,
  width: 32,
  height: 32,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'rgba(255, 255, 255, 0.9)',
  color: vars.color.text,
  cursor: 'pointer',
  ':disabled': { cursor: 'default', opacity: 0.6 },
});

export const track = style({
  position: 'relative',
  width: '100%',
  height: 44,
  borderRadius: 22,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.line}`,
  userSelect: 'none',
});

export const trackHint = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  paddingLeft: 40,
  fontSize: 13,
  color: vars.color.muted,
  pointerEvents: 'none',
});

export const trackFill = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 0,
  borderRadius: 22,
  background: vars.color.accentSoft,
  pointerEvents: 'none',
});

export const handle = style({
  position: 'absolute',
  top: -1,
  bottom: -1,
  minWidth: 40,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 22,
  background: vars.color.accent,
  color: vars.color.onAccent,
  cursor: 'grab',
  // The page must not scroll while a finger drags the handle.
  touchAction: 'none',
  selectors: {
    [`${track}[data-dragging] &`]: { cursor: 'grabbing' },
    '&[aria-disabled="true"]': { opacity: 0.6, cursor: 'default' },
  },
});

export const status = style({
  minHeight: '1.6em',
  margin: 0,
  fontSize: 13,
  color: vars.color.muted,
  selectors: {
    '&[data-tone="error"]': { color: vars.color.failed },
    '&[data-tone="ok"]': { color: '#067647' },
  },
});

export const problem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 12,
  padding: '32px 16px',
  borderRadius: vars.radius.small,
  background: vars.color.surfaceAlt,
  textAlign: 'center',
});

export const problemText = style({ margin: 0, color: vars.color.text });

export const retry = style({
  minHeight: 36,
  padding: '0 18px',
  border: `1px solid ${vars.color.accent}`,
  borderRadius: 999,
  background: vars.color.surface,
  color: vars.color.accent,
  font: 'inherit',
  cursor: 'pointer',
});
