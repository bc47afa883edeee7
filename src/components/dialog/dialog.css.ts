import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const riseIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, calc(-50% + 8px))' },
  to: { opacity: 1, transform: 'translate(-50%, -50%)' },
});

// Only the opening animates: the layer machine clears the layer type on close, so a closing animation would
// show an empty frame.
const motion = (animation: string) =>
  ({
    '@media': { '(prefers-reduced-motion: no-preference)': { selectors: { '&[data-state="open"]': { animation } } } },
  }) as const;

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  background: 'rgba(12, 14, 28, 0.55)',
  ...motion(`${fadeIn} 160ms ease-out`),
});

export const content = style({
  position: 'fixed',
  zIndex: 1001,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  display: 'flex',
  flexDirection: 'column',
  // A layer never spills out of a small window: it shrinks and its body scrolls.
  maxWidth: 'calc(100vw - 32px)',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'hidden',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.medium,
  boxShadow: '0 24px 64px rgba(12, 14, 28, 0.28)',
  fontFamily: vars.font.body,
  ':focus': { outline: 'none' },
  ...motion(`${riseIn} 180ms ease-out`),
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  flexShrink: 0,
  marginBottom: 16,
});

export const headerCentered = style({ alignItems: 'center', textAlign: 'center' });

export const titleRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  flexWrap: 'wrap',
  // Room for the close button in the corner.
  paddingRight: 32,
  selectors: { [`${headerCentered} &`]: { justifyContent: 'center', paddingLeft: 32 } },
});

export const title = style({ margin: 0, fontSize: 22, lineHeight: 1.35, fontWeight: 700, color: vars.color.ink });

export const description = style({ margin: 0, fontSize: 14, color: vars.color.muted });

export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
});

export const footer = style({
  display: 'flex',
  justifyContent: 'center',
  gap: 12,
  flexShrink: 0,
  paddingTop: 20,
});

export const close = style({
  position: 'absolute',
  top: 12,
  right: 12,
  zIndex: 2,
  width: 36,
  height: 36,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'rgba(255, 255, 255, 0.85)',
  color: vars.color.text,
  cursor: 'pointer',
  transition: 'background 120ms',
  ':hover': { background: vars.color.surfaceAlt },
});

export const closeIcon = style({ width: 18, height: 18, display: 'block' });
