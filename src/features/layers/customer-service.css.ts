import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

/** The background picture's own coordinates (580x670); the QR sits on its white square (x 180–400, y 290–510). */
export const stage = style({ position: 'relative', width: 580, height: 670, maxWidth: '100%', margin: '0 auto' });

export const background = style({ position: 'absolute', inset: 0, display: 'block', width: 580, height: 670 });

export const qr = style({ position: 'absolute', left: 190, top: 300, width: 200, height: 200, display: 'block' });

/** Without a QR code: the same white square holds a line of text (and the way to the Q&A section). */
export const square = style({
  position: 'absolute',
  left: 190,
  top: 300,
  width: 200,
  height: 200,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  padding: 16,
  textAlign: 'center',
});

export const squareText = style({ margin: 0, color: vars.color.ink, fontSize: 15, lineHeight: 1.6 });

export const squareLink = style({
  padding: '6px 16px',
  borderRadius: 999,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: 14,
  textDecoration: 'none',
});

export const caption = style({
  position: 'absolute',
  left: 40,
  right: 40,
  top: 532,
  textAlign: 'center',
  color: vars.color.ink,
  fontSize: 15,
  lineHeight: 1.6,
});

export const captionLine = style({ margin: 0 });

export const hours = style({ margin: 0, fontSize: 14, color: vars.color.muted });
