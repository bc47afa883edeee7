import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';
import * as shared from './home.css';
import { TOP_CATEGORY_SHARES } from './top-categories';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '560px minmax(0, 1fr)',
  gap: 64,
  alignItems: 'center',
});

export const points = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '32px 40px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const point = style({
  display: 'flex',
  gap: 16,
  alignItems: 'flex-start',
});

export const pointIndex = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: vars.radius.small,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: 700,
});

export const board = style({
  marginTop: 56,
  padding: '28px 32px',
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const boardHeader = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: 16,
  marginBottom: 20,
});

export const boardTitle = style({
  margin: 0,
  color: vars.color.ink,
  fontSize: 20,
  fontWeight: 700,
});

export const boardNote = style({
  margin: 0,
  color: vars.color.muted,
  fontSize: 14,
});

export const rankList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
  gap: 16,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const rankItem = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gridTemplateAreas: '"badge name" "bar bar" "share share"',
  alignItems: 'center',
  columnGap: 12,
  rowGap: 10,
  padding: 16,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceAlt,
});

export const rankBadge = style({ gridArea: 'badge' });

export const rankName = style({
  gridArea: 'name',
  color: vars.color.ink,
  fontSize: 16,
  fontWeight: 600,
  lineHeight: 1.35,
});

export const rankBar = style({
  gridArea: 'bar',
  display: 'block',
  height: 6,
  borderRadius: 3,
  background: vars.color.line,
  overflow: 'hidden',
});

export const rankBarFill = style({
  display: 'block',
  height: '100%',
  borderRadius: 3,
  background: vars.color.accent,
});

/** Each bar's length relative to the first, by position (1-5). */
export const rankBarWidth = styleVariants(
  Object.fromEntries(
    TOP_CATEGORY_SHARES.map((share, index) => [index + 1, { width: `${(share / TOP_CATEGORY_SHARES[0]) * 100}%` }]),
  ) as Record<1 | 2 | 3 | 4 | 5, { width: string }>,
);

export const rankShare = style({
  gridArea: 'share',
  color: vars.color.muted,
  fontSize: 14,
});

export const pointTitle = style([shared.pointTitle, { margin: '4px 0 0' }]);

export const image = style([shared.illustration, { boxShadow: vars.shadow.card }]);
