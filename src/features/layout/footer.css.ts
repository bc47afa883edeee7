import { style, styleVariants } from '@vanilla-extract/css';
import { layout, vars } from '~/styles/theme.css';

/** Light text on the dark ink background; every pair passes WCAG AA (the quietest, #a9adbf, is over 6:1). */
const onInk = { strong: '#ffffff', text: '#d3d6e2', quiet: '#a9adbf', rule: 'rgba(255, 255, 255, 0.12)' };

export const footer = style({
  marginTop: 64,
  background: vars.color.ink,
  color: onInk.text,
  fontSize: 14,
});

const innerBase = style({ margin: '0 auto', padding: '48px 0 28px' });
export const inner = styleVariants(layout.mainWidth, () => [innerBase, { width: layout.mainColumn }]);

export const top = style({
  display: 'grid',
  gridTemplateColumns: '1.6fr repeat(4, 1fr)',
  gap: 40,
  paddingBottom: 36,
  borderBottom: `1px solid ${onInk.rule}`,
});

export const brandColumn = style({ display: 'flex', flexDirection: 'column', gap: 14, maxWidth: 380 });

export const logoLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  alignSelf: 'flex-start',
  borderRadius: vars.radius.small,
  color: onInk.strong,
  textDecoration: 'none',
});

export const mark = style({ display: 'block', width: 32, height: 32 });

export const brandName = style({ fontSize: 20, fontWeight: 700, letterSpacing: -0.2 });

export const slogan = style({ margin: '-4px 0 0', fontSize: 13, color: onInk.quiet });

export const blurb = style({ margin: 0, lineHeight: 1.8, color: onInk.text });

export const address = style({ margin: 0, color: onInk.quiet, fontSize: 13 });

export const groupTitle = style({
  margin: '0 0 16px',
  fontSize: 15,
  fontWeight: 600,
  color: onInk.strong,
});

export const groupList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 10,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Links and buttons of the footer look alike. */
export const link = style({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  color: onInk.text,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'color 0.15s ease',
  selectors: {
    '&:hover': { color: onInk.strong, textDecoration: 'underline', textUnderlineOffset: 3 },
    '&:focus-visible': { outlineColor: onInk.strong },
  },
});

export const contactLine = style({ margin: 0, color: onInk.text });

export const contactStrong = style({ color: onInk.strong, fontWeight: 600, letterSpacing: 0.3 });

export const friendlyRow = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: 16,
  padding: '20px 0',
  borderBottom: `1px solid ${onInk.rule}`,
});

export const friendlyTitle = style({ margin: 0, fontSize: 14, fontWeight: 600, color: onInk.strong, flex: 'none' });

export const friendlyList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '8px 24px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const friendlyLink = style([link, { fontSize: 13, color: onInk.quiet }]);

export const copyright = style({
  margin: 0,
  paddingTop: 20,
  fontSize: 13,
  color: onInk.quiet,
  textAlign: 'center',
});

export const filingLink = style([link, { fontSize: 13, color: onInk.quiet }]);

/** Customer service is the footer's one call to action: an outlined pill. */
export const serviceButton = style([
  link,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    marginTop: 2,
    padding: '5px 14px',
    border: `1px solid ${onInk.rule}`,
    borderRadius: 999,
    color: onInk.strong,
    selectors: {
      '&:hover': { textDecoration: 'none', borderColor: onInk.strong },
    },
  },
]);
