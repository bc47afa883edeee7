/** The fields, buttons and messages of the auth forms (desktop and phone). */
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';
import { visuallyHiddenRules } from '~/styles/visually-hidden';

export const form = style({ display: 'flex', flexDirection: 'column', gap: 16 });

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  // A form's other way (src/features/auth/credential-fields.tsx): `display` would otherwise beat `hidden`.
  selectors: { '&[hidden]': { display: 'none' } },
});

export const label = style({ fontSize: 14, fontWeight: 600, color: vars.color.ink });

export const box = style({
  display: 'flex',
  alignItems: 'stretch',
  height: 46,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  overflow: 'hidden',
  transition: 'border-color 120ms, box-shadow 120ms',
  selectors: {
    '&:focus-within': { borderColor: vars.color.accent, boxShadow: `0 0 0 3px ${vars.color.accentSoft}` },
    '&[data-invalid]': { borderColor: vars.color.failed },
  },
});

export const input = style({
  flex: '1 1 auto',
  minWidth: 0,
  padding: '0 12px',
  border: 0,
  background: 'transparent',
  font: 'inherit',
  fontSize: 15,
  color: vars.color.text,
  ':focus': { outline: 'none' },
  '::placeholder': { color: '#8a909c' },
});

export const country = style({ borderRight: `1px solid ${vars.color.line}` });

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: 6,
  margin: 0,
  fontSize: 13,
  lineHeight: 1.5,
  color: vars.color.failed,
});

export const errorIcon = style({ flexShrink: 0, width: 14, height: 14, marginTop: 3 });

export const hint = style({ margin: 0, fontSize: 13, color: vars.color.muted });

export const reveal = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  ':hover': { color: vars.color.text },
  selectors: { '&[aria-pressed="true"]': { color: vars.color.accent } },
});

export const smsButton = style({
  flexShrink: 0,
  minWidth: 112,
  padding: '0 14px',
  border: 0,
  borderLeft: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  color: vars.color.accent,
  font: 'inherit',
  fontSize: 14,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  fontVariantNumeric: 'tabular-nums',
  ':hover': { background: vars.color.accentSoft },
  ':disabled': { color: vars.color.muted, background: vars.color.surfaceAlt, cursor: 'not-allowed' },
});

/** The form's default button (form-parts.tsx `DefaultSubmit`): rendered, with no size and outside the flow. */
export const defaultSubmit = style({
  position: 'absolute',
  width: 0,
  height: 0,
  padding: 0,
  margin: 0,
  border: 0,
  overflow: 'hidden',
  opacity: 0,
});

export const submit = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  height: 48,
  marginTop: 4,
  border: 0,
  borderRadius: 999,
  background: vars.color.accent,
  color: vars.color.onAccent,
  font: 'inherit',
  fontSize: 16,
  fontWeight: 700,
  cursor: 'pointer',
  transition: 'filter 120ms',
  ':hover': { filter: 'brightness(1.08)' },
  selectors: { '&[aria-disabled="true"]': { cursor: 'progress', filter: 'saturate(0.6)' } },
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: 16,
  height: 16,
  borderRadius: '50%',
  border: '2px solid rgba(255, 255, 255, 0.45)',
  borderTopColor: '#fff',
  '@media': {
    '(prefers-reduced-motion: no-preference)': { animation: `${spin} 0.8s linear infinite` },
  },
});

export const notice = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: vars.radius.small,
  background: '#fef3f2',
  color: vars.color.failed,
  fontSize: 14,
});

export const agreement = style({ margin: 0, fontSize: 13, lineHeight: 1.7, color: vars.color.muted });

export const inlineLink = style({
  display: 'inline',
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  color: vars.color.accent,
  textDecoration: 'none',
  cursor: 'pointer',
  ':hover': { textDecoration: 'underline' },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  flexWrap: 'wrap',
  fontSize: 14,
});

export const modes = style({
  display: 'flex',
  gap: 4,
  margin: 0,
  minWidth: 0,
  border: 0,
  padding: 4,
  borderRadius: 999,
  background: vars.color.surfaceAlt,
});

export const modesLabel = style(visuallyHiddenRules);

export const mode = style({
  flex: 1,
  height: 36,
  border: 0,
  borderRadius: 999,
  background: 'transparent',
  color: vars.color.muted,
  font: 'inherit',
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
  // The login's ways are links (`?way=sms`): laid out as the buttons.
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textDecoration: 'none',
  selectors: {
    '&[aria-pressed="true"], &[aria-current="true"]': {
      background: vars.color.surface,
      color: vars.color.accent,
      boxShadow: vars.shadow.card,
    },
  },
});

export const optional = style({ fontWeight: 400, color: vars.color.muted });

/** A checkbox with its words (the reset form's "keep the WeChat bound in the last 24 hours"). */
export const check = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  fontSize: 14,
  color: vars.color.ink,
  cursor: 'pointer',
});
