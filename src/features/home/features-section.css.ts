import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '256px minmax(0, 1fr)',
  gap: 24,
  alignItems: 'stretch',
});

export const tabList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  padding: 8,
  borderRadius: vars.radius.large,
  background: vars.color.surfaceAlt,
});

export const tab = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  width: '100%',
  minHeight: 44,
  padding: '8px 14px',
  border: 0,
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: 16,
  textAlign: 'left',
  cursor: 'pointer',
  transition: 'background 0.15s ease, color 0.15s ease',
  ':hover': { background: vars.color.surface },
  selectors: {
    '&[aria-selected="true"]': {
      background: vars.color.surface,
      color: vars.color.accent,
      fontWeight: 700,
      boxShadow: '0 4px 12px rgba(20, 24, 40, 0.08)',
    },
  },
});

export const tabNumber = style({
  flex: 'none',
  width: 28,
  color: vars.color.muted,
  fontSize: 13,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  selectors: { [`${tab}[aria-selected="true"] &`]: { color: vars.color.accent } },
});

export const panel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 520px',
  gap: 36,
  alignItems: 'center',
  padding: 32,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  boxShadow: vars.shadow.card,
  // A class that sets `display` would otherwise override the `hidden` attribute of inactive panels.
  selectors: { '&[hidden]': { display: 'none' } },
});

export const panelCopy = style({ minWidth: 0 });

export const panelTitle = style({
  margin: 0,
  color: vars.color.ink,
  fontSize: 26,
  lineHeight: 1.35,
  fontWeight: 700,
});

export const panelBody = style({
  margin: '16px 0 0',
  color: vars.color.muted,
  fontSize: 16,
  lineHeight: 1.8,
});

export const panelAction = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  marginTop: 28,
  minHeight: 44,
  padding: '0 22px',
  borderRadius: 999,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: 600,
  textDecoration: 'none',
  transition: 'transform 0.15s ease',
  ':hover': { transform: 'translateX(2px)' },
});

export const panelImage = style({
  display: 'block',
  width: 520,
  height: 'auto',
  aspectRatio: '560 / 360',
  borderRadius: vars.radius.medium,
});
