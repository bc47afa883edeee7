/** The WeChat QR panel: the code with its overlays, the state messages and the bind / register forms. */
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 14,
  textAlign: 'center',
  minHeight: 360,
});

/**
 * /scan_code: tall enough for the code with everything under it (hint, time left, refresh, the simulator link)
 * and the agreement, which sits at the bottom, so nothing below the panel moves when the code arrives.
 */
export const pagePanel = style([panel, { minHeight: 540 }]);

/** The agreement notice at the bottom of the panel. */
export const agreementSlot = style({ marginTop: 'auto' });

/** The forms take the whole width and read left to right like the other auth forms. */
export const formStep = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: 14,
  width: '100%',
  textAlign: 'left',
});

export const heading = style({
  margin: 0,
  fontSize: 18,
  lineHeight: 1.4,
  fontWeight: 700,
  color: vars.color.ink,
  ':focus': { outline: 'none' },
  ':focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 4 },
});

export const text = style({ margin: 0, fontSize: 14, lineHeight: 1.6, color: vars.color.muted });

export const strong = style({ color: vars.color.ink, fontWeight: 600 });

export const timeLeft = style({
  margin: 0,
  fontSize: 14,
  color: vars.color.muted,
  fontVariantNumeric: 'tabular-nums',
});

export const timeValue = style({ color: vars.color.accent, fontWeight: 700 });

const QR_SIZE = 220;

/**
 * The code and whatever covers it (scanned, expired); the same box when there is no code to show. The frame
 * takes its height from its square content: an `aspect-ratio` on the padded frame with a `height: 100%` image
 * made WebKit stretch the code (it sized the content box, not the border box, to the ratio).
 */
export const qrFrame = style({
  position: 'relative',
  width: QR_SIZE + 20,
  maxWidth: '100%',
  padding: 10,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const qrImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
  imageRendering: 'pixelated',
  // Long-press on phones opens the image menu ("识别图中二维码"); nothing else should get in the way.
  WebkitTouchCallout: 'default',
  userSelect: 'none',
});

/** Stands in for a code that is gone (expired, failed): grey squares, nothing to scan. */
export const qrPlaceholder = style({
  width: '100%',
  aspectRatio: '1 / 1',
  borderRadius: vars.radius.small,
  background: `repeating-linear-gradient(45deg, ${vars.color.surfaceAlt} 0 12px, #eceef3 12px 24px)`,
});

export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 10,
  padding: 16,
  borderRadius: vars.radius.medium,
  background: 'rgba(255, 255, 255, 0.94)',
  color: vars.color.ink,
  fontSize: 15,
  fontWeight: 600,
});

export const overlayIcon = style({ width: 44, height: 44 });

export const successIcon = style([overlayIcon, { color: '#12a150' }]);

export const warningIcon = style([overlayIcon, { color: vars.color.failed }]);

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  minHeight: 40,
  padding: '0 22px',
  border: 0,
  borderRadius: 999,
  background: vars.color.accent,
  color: vars.color.onAccent,
  font: 'inherit',
  fontSize: 15,
  fontWeight: 700,
  cursor: 'pointer',
  textDecoration: 'none',
  ':hover': { filter: 'brightness(1.08)' },
});

export const secondaryButton = style([
  button,
  {
    background: vars.color.surface,
    color: vars.color.accent,
    boxShadow: `inset 0 0 0 1px ${vars.color.accent}`,
    ':hover': { background: vars.color.accentSoft, filter: 'none' },
  },
]);

export const choices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  width: '100%',
  maxWidth: 320,
});

export const textButton = style({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  padding: '4px 0',
  border: 0,
  background: 'none',
  font: 'inherit',
  fontSize: 14,
  fontWeight: 600,
  color: vars.color.accent,
  cursor: 'pointer',
  ':hover': { textDecoration: 'underline' },
});

export const refreshButton = style([textButton, { alignSelf: 'center', fontWeight: 500 }]);

export const link = style({
  color: vars.color.accent,
  fontSize: 14,
  fontWeight: 600,
  textDecoration: 'none',
  ':hover': { textDecoration: 'underline' },
});

export const notice = style({
  margin: 0,
  padding: '8px 12px',
  borderRadius: vars.radius.small,
  background: vars.color.surfaceAlt,
  color: vars.color.muted,
  fontSize: 13,
});

export const warning = style([notice, { background: '#fff7e6', color: '#8a5300' }]);

export const icon = style({ width: 56, height: 56 });

export const bigSuccessIcon = style([icon, { color: '#12a150' }]);

export const bigWarningIcon = style([icon, { color: vars.color.failed }]);

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: 36,
  height: 36,
  borderRadius: '50%',
  border: `3px solid ${vars.color.line}`,
  borderTopColor: vars.color.accent,
  '@media': {
    '(prefers-reduced-motion: no-preference)': { animation: `${spin} 0.9s linear infinite` },
  },
});

/** Where the spinner sits while the code is being made, over the placeholder (the size of the code). */
export const qrLoading = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
});

export const modeSwitch = style({ display: 'flex', gap: 4 });
