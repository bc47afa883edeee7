import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(-8px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 8,
});

export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  minWidth: 240,
  maxWidth: 'min(480px, calc(100vw - 32px))',
  padding: '10px 12px 10px 14px',
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.line}`,
  boxShadow: '0 8px 24px rgba(20, 24, 40, 0.14)',
  fontSize: 14,
  lineHeight: 1.5,
  animation: `${enter} 160ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

const kindColour = {
  success: '#067647',
  error: vars.color.failed,
  warning: '#b54708',
};

export const icon = styleVariants(kindColour, (colour) => ({
  flex: 'none',
  width: 20,
  height: 20,
  borderRadius: '50%',
  background: colour,
  color: '#fff',
  display: 'grid',
  placeItems: 'center',
  fontSize: 13,
  fontWeight: 700,
  lineHeight: 1,
}));

export const accentEdge = styleVariants(kindColour, (colour) => ({ borderLeft: `4px solid ${colour}` }));

export const message = style({ flex: 1, wordBreak: 'break-word' });

export const close = style({
  flex: 'none',
  width: 24,
  height: 24,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  fontSize: 18,
  lineHeight: 1,
  selectors: { '&:hover': { background: vars.color.surfaceAlt, color: vars.color.accent } },
});
