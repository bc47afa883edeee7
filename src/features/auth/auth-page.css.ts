/** The auth pages' frame: brand panel and card on desktop; the card alone on phones (≤ 750 px, docs/product.md#constants). */
import { style } from '@vanilla-extract/css';
import { layout, vars } from '~/styles/theme.css';

/** Wide screens get a larger frame (wider panel and card, more air) instead of a small card in white space. */
const wide = 'screen and (min-width: 1600px)';

export const page = style({
  display: 'flex',
  justifyContent: 'center',
  padding: '40px 20px 72px',
  '@media': { [wide]: { padding: '64px 20px 96px' } },
  background: `linear-gradient(180deg, ${vars.color.accentSoft} 0%, ${vars.color.surface} 70%)`,
});

export const frame = style({
  display: 'grid',
  gridTemplateColumns: '400px 480px',
  width: 880,
  '@media': { [wide]: { gridTemplateColumns: '520px 560px', width: 1080, minHeight: 680 } },
  borderRadius: vars.radius.large,
  overflow: 'hidden',
  background: vars.color.surface,
  boxShadow: '0 24px 64px rgba(20, 24, 40, 0.12)',
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: '48px 40px',
  '@media': { [wide]: { padding: '56px 56px 48px' } },
  background: `linear-gradient(150deg, ${vars.color.accent} 0%, ${vars.color.ink} 100%)`,
  color: '#fff',
});

export const panelMark = style({ borderRadius: 12, background: '#fff', padding: 6, marginBottom: 12 });

export const panelBrand = style({ margin: 0, fontSize: 28, fontWeight: 800, lineHeight: 1.3 });

export const panelSlogan = style({ margin: '0 0 24px', fontSize: 15, opacity: 0.9 });

export const perks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 14,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const perk = style({ display: 'flex', alignItems: 'flex-start', gap: 10, fontSize: 15, lineHeight: 1.5 });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: 12,
  margin: '32px 0 0',
  paddingTop: 24,
  borderTop: '1px solid rgba(255, 255, 255, 0.2)',
});

// Value above label, though the label comes first in the markup (a description list reads term, then value).
export const figure = style({ display: 'flex', flexDirection: 'column-reverse', gap: 2, minWidth: 0 });

export const figureValue = style({ margin: 0, fontSize: 24, fontWeight: 800, lineHeight: 1.2, whiteSpace: 'nowrap' });

export const figureLabel = style({ fontSize: 13, opacity: 0.85 });

export const quote = style({
  margin: 'auto 0 0',
  paddingTop: 28,
});

export const quoteText = style({ margin: 0, fontSize: 15, lineHeight: 1.6, fontStyle: 'normal' });

export const quoteSource = style({ marginTop: 8, fontSize: 13, opacity: 0.8 });

export const mobilePage = style({
  width: '100%',
  maxWidth: layout.mobileMaxWidth,
  margin: '0 auto',
  padding: '16px 16px 40px',
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 16,
  padding: '40px 48px 36px',
  '@media': { [wide]: { padding: '56px 64px 48px', justifyContent: 'center' } },
  selectors: { [`${mobilePage} &`]: { padding: '24px 4px' } },
});

export const title = style({ margin: 0, fontSize: 26, lineHeight: 1.3, fontWeight: 800, color: vars.color.ink });

export const subtitle = style({ margin: '-8px 0 0', fontSize: 14, color: vars.color.muted });

export const footer = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  flexWrap: 'wrap',
  paddingTop: 4,
  fontSize: 14,
  color: vars.color.muted,
});

export const link = style({
  color: vars.color.accent,
  fontWeight: 600,
  textDecoration: 'none',
  ':hover': { textDecoration: 'underline' },
});

export const linkButton = style([
  link,
  { padding: 0, border: 0, background: 'none', font: 'inherit', fontWeight: 600, cursor: 'pointer' },
]);

export const tabs = style({
  display: 'flex',
  gap: 16,
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { [`${mobilePage} &`]: { gap: 8 } },
});

// The tabs share the row by their labels' widths. A label stays on one line and a Chinese word is never split
// (the labels are short enough for a 360 px phone: the test e2e/specs/fit.spec.ts measures them).
export const tab = style({
  position: 'relative',
  flex: '1 1 auto',
  padding: '10px 0',
  textAlign: 'center',
  lineHeight: 1.35,
  whiteSpace: 'nowrap',
  wordBreak: 'keep-all',
  border: 0,
  background: 'none',
  font: 'inherit',
  fontSize: 16,
  fontWeight: 600,
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: {
    [`${mobilePage} &`]: { fontSize: 14 },
    '&[aria-selected="true"]': { color: vars.color.ink },
    '&[aria-selected="true"]::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: -1,
      height: 3,
      borderRadius: 2,
      background: vars.color.accent,
    },
  },
});

export const tabPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 16,
  ':focus-visible': { outlineOffset: 4 },
});

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  flexWrap: 'wrap',
  padding: '12px 16px',
  borderRadius: vars.radius.small,
  background: vars.color.accentSoft,
  fontSize: 14,
});

export const bannerButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: 34,
  padding: '0 16px',
  borderRadius: 999,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: 600,
  textDecoration: 'none',
  ':hover': { filter: 'brightness(1.08)' },
});
