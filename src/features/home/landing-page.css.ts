import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

const PHONE = 'screen and (max-width: 750px)';

export const page = style({
  display: 'flex',
  justifyContent: 'center',
  padding: '40px 20px 64px',
  background: vars.color.surfaceAlt,
  '@media': { [PHONE]: { padding: '16px 12px 32px' } },
});

export const card = style({
  width: '100%',
  maxWidth: 880,
  padding: 40,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  '@media': { [PHONE]: { padding: 20, borderRadius: vars.radius.medium } },
});

export const title = style({
  margin: '0 0 8px',
  color: vars.color.ink,
  fontSize: 28,
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
  '@media': { [PHONE]: { fontSize: 22 } },
});

export const trial = style({ margin: '0 0 24px', color: vars.color.muted, fontSize: 16, lineHeight: 1.6 });

export const days = style({ color: vars.color.accent, fontSize: 22 });

export const sectionTitle = style({ margin: '24px 0 12px', color: vars.color.ink, fontSize: 20 });

export const steps = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: 20,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const step = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 12,
  padding: 24,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.line}`,
  '@media': { [PHONE]: { padding: 16 } },
});

export const stepTitle = style({ margin: 0, color: vars.color.ink, fontSize: 17 });

export const text = style({ margin: 0, color: vars.color.text, fontSize: 15, lineHeight: 1.7 });

export const articles = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  margin: 0,
  paddingLeft: 20,
  fontSize: 15,
  lineHeight: 1.6,
});

globalStyle(`${articles} a`, { color: vars.color.accent });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 'auto' });

const action = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 44,
  padding: '0 20px',
  borderRadius: vars.radius.small,
  font: 'inherit',
  fontSize: 15,
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
});

export const primaryAction = style([action, { border: 0, background: vars.color.accent, color: vars.color.onAccent }]);

export const secondaryAction = style([
  action,
  { border: `1px solid ${vars.color.accent}`, background: vars.color.surface, color: vars.color.accent },
]);

export const computer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  margin: '8px 0 8px',
  padding: 20,
  borderRadius: vars.radius.medium,
  background: vars.color.accentSoft,
});

export const linkLabel = style({ color: vars.color.muted, fontSize: 14 });

export const linkField = style({
  width: '100%',
  minHeight: 44,
  padding: '0 12px',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: 15,
});

export const status = style({ minHeight: '1.5em', margin: 0, color: vars.color.muted, fontSize: 14 });
