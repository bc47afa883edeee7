import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const card = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: 48,
  alignItems: 'center',
  padding: '48px 64px',
  overflow: 'hidden',
  borderRadius: vars.radius.large,
  background: vars.color.ink,
  color: '#ffffff',
  '::before': {
    content: '""',
    position: 'absolute',
    right: -120,
    top: -160,
    width: 420,
    height: 420,
    borderRadius: '50%',
    background: vars.color.accent,
    opacity: 0.28,
    pointerEvents: 'none',
  },
});

export const copy = style({ position: 'relative', minWidth: 0 });

export const eyebrow = style({
  display: 'inline-block',
  margin: '0 0 12px',
  padding: '4px 12px',
  borderRadius: 999,
  background: 'rgba(255, 255, 255, 0.12)',
  fontSize: 14,
  fontWeight: 600,
});

export const title = style({
  margin: 0,
  fontSize: 36,
  lineHeight: 1.25,
  fontWeight: 700,
});

export const lead = style({
  margin: '14px 0 0',
  maxWidth: 640,
  color: 'rgba(255, 255, 255, 0.86)',
  fontSize: 17,
  lineHeight: 1.75,
});

export const benefits = style({
  display: 'grid',
  gap: 10,
  margin: '24px 0 0',
  padding: 0,
  listStyle: 'none',
});

export const benefit = style({
  position: 'relative',
  paddingLeft: 28,
  fontSize: 16,
  '::before': {
    content: '""',
    position: 'absolute',
    left: 4,
    top: 5,
    width: 6,
    height: 12,
    borderRight: '2px solid #ffffff',
    borderBottom: '2px solid #ffffff',
    transform: 'rotate(45deg)',
  },
});

export const qr = style({
  position: 'relative',
  margin: 0,
  padding: 16,
  borderRadius: vars.radius.medium,
  background: '#ffffff',
  color: vars.color.ink,
  textAlign: 'center',
});

export const qrImage = style({ display: 'block', width: 168, height: 168 });

export const qrCaption = style({
  marginTop: 10,
  fontSize: 15,
  fontWeight: 600,
});
