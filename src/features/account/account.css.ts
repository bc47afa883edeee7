import { style } from '@vanilla-extract/css';
import { layout, vars } from '~/styles/theme.css';

export const page = style({
  width: 'min(960px, 100% - 32px)',
  margin: '0 auto',
  padding: '24px 0 64px',
  display: 'flex',
  flexDirection: 'column',
  gap: 24,
});

export const title = style({ margin: 0, fontSize: 28, lineHeight: 1.3, fontWeight: 800, color: vars.color.ink });

export const lead = style({ margin: '-12px 0 0', fontSize: 14, color: vars.color.muted });

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const navLink = style({
  display: 'inline-block',
  padding: '6px 12px',
  borderRadius: vars.radius.small,
  background: vars.color.surfaceAlt,
  color: vars.color.ink,
  fontSize: 14,
  textDecoration: 'none',
  ':focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 16,
  padding: 24,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  scrollMarginTop: layout.headerHeight + 16,
  '@media': { [`(max-width: ${layout.mobileMaxWidth}px)`]: { padding: 16 } },
});

export const sectionTitle = style({ margin: 0, fontSize: 20, fontWeight: 700, color: vars.color.ink });

export const text = style({ margin: 0, fontSize: 14, lineHeight: 1.7, color: vars.color.text });

export const muted = style({ margin: 0, fontSize: 13, color: vars.color.muted });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '6px 16px',
  margin: 0,
  fontSize: 14,
});

export const factName = style({ color: vars.color.muted });

export const factValue = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 480 });

export const done = style({ margin: 0, fontSize: 14, color: '#067647' });

export const alert = style({ margin: 0, fontSize: 14, color: vars.color.failed });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' });

export const button = style({
  minHeight: 40,
  padding: '0 18px',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.ink,
  fontSize: 14,
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  selectors: { '&[aria-disabled="true"]': { opacity: 0.6, cursor: 'progress' } },
});

export const dangerButton = style([
  button,
  { borderColor: vars.color.failed, background: vars.color.failed, color: '#fff' },
]);

export const devices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const device = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: 12,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.small,
});

export const deviceName = style({ margin: 0, fontWeight: 600, fontSize: 15, color: vars.color.ink });

export const badge = style({
  marginLeft: 8,
  padding: '1px 8px',
  borderRadius: 999,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: 12,
  fontWeight: 600,
});

export const list = style({ margin: 0, paddingLeft: 20, fontSize: 14, lineHeight: 1.8 });

export const proofModes = style({ display: 'flex', gap: 16, border: 0, margin: 0, padding: 0, fontSize: 14 });

export const check = style({ display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: 14 });
