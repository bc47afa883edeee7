import { style } from '@vanilla-extract/css';

/** The "Sign in with WeChat" button: WeChat's green, full width, above the QR code or the login form. */
export const wechatButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: 48,
  margin: '0 0 16px',
  border: 0,
  borderRadius: 999,
  background: '#05713c',
  color: '#fff',
  font: 'inherit',
  fontSize: 16,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: { '&[aria-disabled="true"]': { cursor: 'progress', filter: 'saturate(0.6)' } },
});
