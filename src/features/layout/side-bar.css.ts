import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';
import { visuallyHiddenRules } from '~/styles/visually-hidden';

/**
 * The content is at most 1300 px wide, so a 1430-1440 px screen leaves 65-70 px beside it: too little for the
 * labelled bar (70 px with its margin) and a clear gap. Below `COMPACT_BELOW` the bar shows its icons only (the
 * labels stay as the buttons' accessible names and tooltips) and takes 54 px with its margin, inside the
 * `layout.sideBarRoom` the main column leaves free on narrower windows (theme.css.ts).
 */
const FULL_BAR = 4 + 66;
const GAP = 12;
export const COMPACT_BELOW = 1300 + 2 * (FULL_BAR + GAP);
const compact = `screen and (max-width: ${COMPACT_BELOW - 1}px)`;

export const bar = style({
  position: 'fixed',
  right: 4,
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 90,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  margin: 0,
  padding: 4,
  listStyle: 'none',
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  boxShadow: vars.shadow.card,
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 4,
  width: 56,
  padding: '10px 2px 8px',
  border: 0,
  borderRadius: vars.radius.small,
  background: 'none',
  font: 'inherit',
  fontSize: 11,
  lineHeight: 1.3,
  color: vars.color.text,
  textAlign: 'center',
  cursor: 'pointer',
  transition: 'background 0.15s ease, color 0.15s ease',
  selectors: {
    '&[data-active="true"]': { background: vars.color.accentSoft, color: vars.color.accent },
  },
  '@media': { [compact]: { width: 40, padding: '8px 0' } },
});

/** The visible label; in the compact bar it is hidden on screen but still names the button. */
export const label = style({
  whiteSpace: 'nowrap',
  wordBreak: 'keep-all',
  '@media': {
    [compact]: visuallyHiddenRules,
  },
});

export const icon = style({ display: 'block', width: 24, height: 24 });
