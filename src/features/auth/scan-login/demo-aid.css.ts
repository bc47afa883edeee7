/**
 * The demo aid under a QR code (demo mode only): a quiet, dashed link whose words start with "Demo:", so nobody mistakes the
 * simulator for part of the login.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const demoAid = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  marginTop: 4,
  padding: '3px 12px',
  border: `1px dashed ${vars.color.line}`,
  borderRadius: 999,
  color: vars.color.muted,
  fontSize: 12,
  textDecoration: 'none',
  wordBreak: 'keep-all',
  ':hover': { color: vars.color.accent, borderColor: vars.color.accent },
});
