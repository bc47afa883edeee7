/**
 * Shared pieces of the home page: the page frame, a section band, the main column (1300 px where the window has room) (docs/product.md#constants) and the
 * centred section header every section opens with.
 */
import { style } from '@vanilla-extract/css';
import { layout, vars } from '~/styles/theme.css';

export const page = style({
  display: 'block',
  color: vars.color.text,
});

export const section = style({
  padding: '88px 0',
  scrollMarginTop: layout.headerHeight,
});

export const sectionAlt = style([section, { background: vars.color.surfaceAlt }]);

export const container = style({ width: layout.mainColumn, margin: '0 auto' });

export const sectionHeader = style({
  maxWidth: 760,
  margin: '0 auto 48px',
  textAlign: 'center',
});

export const eyebrow = style({
  display: 'inline-block',
  margin: '0 0 12px',
  padding: '4px 12px',
  borderRadius: 999,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: 14,
  fontWeight: 600,
  letterSpacing: '0.02em',
});

export const sectionTitle = style({
  margin: 0,
  color: vars.color.ink,
  fontSize: 36,
  lineHeight: 1.25,
  fontWeight: 700,
});

export const sectionLead = style({
  margin: '16px 0 0',
  color: vars.color.muted,
  fontSize: 17,
  lineHeight: 1.7,
});

/** A point of a section's list (distribution, safety): its title and text. */
export const pointTitle = style({
  color: vars.color.ink,
  fontSize: 18,
  lineHeight: 1.4,
  fontWeight: 700,
});

export const pointBody = style({
  margin: '8px 0 0',
  color: vars.color.muted,
  fontSize: 15,
  lineHeight: 1.75,
});

/** A section's 560 x 360 illustration. */
export const illustration = style({
  display: 'block',
  width: 560,
  height: 'auto',
  aspectRatio: '560 / 360',
  borderRadius: vars.radius.large,
});
