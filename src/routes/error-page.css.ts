import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const page = style({
  minHeight: '60vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  padding: 40,
  textAlign: 'center',
  fontFamily: vars.font.body,
  color: vars.color.text,
});
export const status = style({ fontSize: 72, fontWeight: 700, margin: 0, color: vars.color.accent });
export const message = style({ fontSize: 22, margin: 0 });
export const hint = style({ margin: 0, color: vars.color.muted });
export const home = style({
  marginTop: 12,
  padding: '10px 24px',
  borderRadius: 8,
  background: vars.color.accent,
  color: vars.color.onAccent,
  textDecoration: 'none',
});
