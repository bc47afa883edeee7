import { style, styleVariants } from '@vanilla-extract/css';
import { layout, vars } from '~/styles/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 100,
  height: layout.headerHeight,
  background: vars.color.surface,
  boxShadow: '0 1px 0 rgba(20, 24, 40, 0.06), 0 4px 16px rgba(20, 24, 40, 0.05)',
});

const innerBase = style({
  height: '100%',
  margin: '0 auto',
  display: 'flex',
  alignItems: 'center',
  gap: 24,
});

/** The header lines up with the content (the main column) in both languages: the logo starts at the content's edge. */
export const inner = styleVariants(layout.mainWidth, () => [innerBase, { width: layout.mainColumn }]);

export const logoLink = style({
  display: 'flex',
  alignItems: 'center',
  flex: 'none',
  borderRadius: vars.radius.small,
});

export const logo = style({ display: 'block', width: 144, height: 32 });

export const nav = style({ height: '100%', flex: '1 1 auto', minWidth: 0 });

export const navList = style({
  display: 'flex',
  height: '100%',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const navItem = style({ position: 'relative', height: '100%', display: 'flex', flex: 'none' });

/** Links and buttons of the header look the same; the active one carries the accent and an underline. */
export const navLink = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  height: '100%',
  padding: '0 12px',
  border: 0,
  background: 'none',
  font: 'inherit',
  fontSize: 15,
  whiteSpace: 'nowrap',
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'color 0.15s ease',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { color: vars.color.accent },
    '&:focus-visible': { outlineOffset: -4 },
    '&::after': {
      content: '""',
      position: 'absolute',
      left: 12,
      right: 12,
      bottom: 0,
      height: 3,
      borderRadius: '3px 3px 0 0',
      background: vars.color.accent,
      transform: 'scaleX(0)',
      transition: 'transform 0.2s ease',
    },
    '&[aria-current="page"]': { color: vars.color.accent, fontWeight: 600 },
    '&[aria-current="page"]::after': { transform: 'scaleX(1)' },
  },
});

/** Narrower spacing for English, whose labels are longer. */
export const navLinkEn = style({
  fontSize: 14,
  padding: '0 8px',
  selectors: { '&::after': { left: 8, right: 8 } },
});

export const caret = style({
  width: 10,
  height: 10,
  transition: 'transform 0.2s ease',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
});

export const externalMark = style({ width: 10, height: 10, opacity: 0.6 });

/* ---- Popover sub-menu ---- */

/** Starts right at the header's bottom edge so the pointer can travel into it without it closing. */
export const popover = style({
  position: 'absolute',
  top: '100%',
  left: '50%',
  transform: 'translateX(-50%)',
  paddingTop: 6,
  zIndex: 110,
  selectors: { '&[hidden]': { display: 'none' } },
});

export const popoverCard = style({
  minWidth: 220,
  padding: 8,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  boxShadow: '0 12px 32px rgba(20, 24, 40, 0.14)',
});

export const popoverTitle = style({
  margin: 0,
  padding: '6px 10px 8px',
  fontSize: 12,
  color: vars.color.muted,
  whiteSpace: 'nowrap',
});

export const popoverList = style({ margin: 0, padding: 0, listStyle: 'none' });

export const popoverItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  width: '100%',
  padding: '8px 10px',
  border: 0,
  borderRadius: vars.radius.small,
  background: 'none',
  font: 'inherit',
  fontSize: 14,
  color: vars.color.text,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&[data-selected="true"]': { background: vars.color.accentSoft, color: vars.color.accent },
    '&:focus-visible': { outlineOffset: -2 },
  },
});

export const popoverIcon = style({ display: 'block', width: 32, height: 32, flex: 'none' });

/* ---- Right side: user centre and language switcher ---- */

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  marginLeft: 'auto',
  flex: 'none',
});

/**
 * Both widgets render only in the browser; their slots have a fixed size on the server and before mount so
 * nothing moves when they appear. The user centre is right-aligned inside its slot.
 */
export const userSlot = style({
  display: 'flex',
  justifyContent: 'flex-end',
  alignItems: 'center',
  width: 170,
  height: 36,
  flex: 'none',
});

export const languageSlot = style({ width: 124, height: 32, flex: 'none' });

/* ---- Mobile ---- */

export const mobileHeader = style({
  position: 'sticky',
  top: 0,
  zIndex: 100,
  height: layout.headerHeight,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: '0 16px',
  background: vars.color.surface,
  boxShadow: '0 1px 0 rgba(20, 24, 40, 0.08)',
});

export const mobileLogo = style({ display: 'block', width: 126, height: 28 });
