import { style } from '@vanilla-extract/css';
import { layout, vars } from '~/styles/theme.css';

export const hero = style({
  position: 'relative',
  padding: '56px 0 0',
  // Soft glows drawn in CSS rather than a picture: one's marks land behind the title at
  // desktop widths, and gradients cost no request. `color-mix` tints them with the brand's accent.
  background: [
    `radial-gradient(640px 420px at 8% 0%, color-mix(in srgb, ${vars.color.accent} 14%, transparent), transparent 70%)`,
    `radial-gradient(720px 460px at 92% 100%, color-mix(in srgb, ${vars.color.accent} 10%, transparent), transparent 70%)`,
    'radial-gradient(520px 320px at 62% 8%, rgba(139, 92, 246, 0.1), transparent 70%)',
    `linear-gradient(135deg, #ffffff 0%, #f7f8fc 55%, ${vars.color.accentSoft} 100%)`,
  ].join(', '),
});

export const inner = style({
  display: 'grid',
  // 604 : 640 px in the 1300 px column; both shrink alike on a narrower window.
  gridTemplateColumns: 'minmax(0, 604fr) minmax(0, 640fr)',
  gap: 56,
  alignItems: 'center',
  width: layout.mainColumn,
  margin: '0 auto',
});

export const copy = style({ minWidth: 0 });

export const tagline = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 10,
  margin: '0 0 20px',
  padding: '6px 14px',
  borderRadius: 999,
  background: vars.color.surface,
  boxShadow: '0 2px 8px rgba(20, 24, 40, 0.06)',
  color: vars.color.muted,
  fontSize: 14,
});

export const brandName = style({ color: vars.color.accent, fontWeight: 700 });

export const taglineDot = style({
  width: 4,
  height: 4,
  borderRadius: '50%',
  background: vars.color.line,
});

export const title = style({
  margin: 0,
  color: vars.color.ink,
  fontSize: 46,
  lineHeight: 1.22,
  fontWeight: 800,
  letterSpacing: '-0.01em',
  selectors: { 'html[lang="en"] &': { fontSize: 42 } },
});

export const subtitle = style({
  margin: '20px 0 0',
  maxWidth: 580,
  color: vars.color.muted,
  fontSize: 18,
  lineHeight: 1.75,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  marginTop: 32,
});

const actionBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 48,
  padding: '0 26px',
  borderRadius: 999,
  fontSize: 16,
  fontWeight: 600,
  fontFamily: 'inherit',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'transform 0.15s ease, box-shadow 0.15s ease, background 0.15s ease',
});

export const primaryAction = style([
  actionBase,
  {
    border: `1px solid ${vars.color.accent}`,
    background: vars.color.accent,
    color: vars.color.onAccent,
    boxShadow: '0 8px 20px rgba(20, 24, 40, 0.16)',
    ':hover': { transform: 'translateY(-1px)', boxShadow: '0 10px 24px rgba(20, 24, 40, 0.22)' },
  },
]);

export const secondaryAction = style([
  actionBase,
  {
    border: `1px solid ${vars.color.line}`,
    background: vars.color.surface,
    color: vars.color.ink,
    ':hover': { borderColor: vars.color.accent, color: vars.color.accent },
  },
]);

export const note = style({
  margin: '16px 0 0',
  color: vars.color.muted,
  fontSize: 14,
});

export const media = style({
  borderRadius: vars.radius.medium,
  boxShadow: '0 24px 48px rgba(20, 24, 40, 0.18)',
});

export const claimsBand = style({
  width: layout.mainColumn,
  margin: '0 auto',
  padding: '48px 0 56px',
});

export const claims = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  margin: 0,
  padding: '28px 0',
  listStyle: 'none',
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const claim = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 4,
  padding: '0 16px',
  textAlign: 'center',
  selectors: { '& + &': { borderLeft: `1px solid ${vars.color.line}` } },
});

export const claimValue = style({
  color: vars.color.accent,
  fontSize: 40,
  lineHeight: 1.15,
  fontWeight: 800,
  fontVariantNumeric: 'tabular-nums',
});

export const claimLabel = style({
  color: vars.color.text,
  fontSize: 16,
});
