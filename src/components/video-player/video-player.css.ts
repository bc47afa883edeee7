import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

/**
 * The frame takes the video's size: the `<video>` carries `width`/`height` attributes (its size and aspect
 * ratio before any frame has loaded), so no inline `style` is needed (the Content-Security-Policy refuses
 * style attributes in the server's HTML).
 */
export const frame = style({
  position: 'relative',
  width: 'fit-content',
  maxWidth: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.medium,
  background: '#0b0d17',
});

export const video = style({ display: 'block', maxWidth: '100%', height: 'auto', objectFit: 'cover' });

export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 0,
  padding: 0,
  // A light veil only: the posters are bright pictures of the product, not to be greyed out.
  background: 'rgba(8, 10, 20, 0.06)',
  cursor: 'pointer',
});

export const playIcon = style({
  width: 72,
  height: 72,
  borderRadius: '50%',
  background: 'rgba(255, 255, 255, 0.92)',
  position: 'relative',
  boxShadow: '0 6px 20px rgba(0, 0, 0, 0.3)',
  '::after': {
    content: '""',
    position: 'absolute',
    left: 29,
    top: 22,
    borderStyle: 'solid',
    borderWidth: '14px 0 14px 22px',
    borderColor: `transparent transparent transparent ${vars.color.accent}`,
  },
});

export const pauseButton = style({
  position: 'absolute',
  right: 12,
  bottom: 12,
  width: 40,
  height: 40,
  borderRadius: '50%',
  border: 0,
  background: 'rgba(255, 255, 255, 0.85)',
  cursor: 'pointer',
  opacity: 0,
  transition: 'opacity 0.2s',
  selectors: { [`${frame}:hover &, &:focus-visible`]: { opacity: 1 } },
});

export const pauseIcon = style({
  display: 'block',
  width: 14,
  height: 16,
  margin: '0 auto',
  borderLeft: `5px solid ${vars.color.ink}`,
  borderRight: `5px solid ${vars.color.ink}`,
});
