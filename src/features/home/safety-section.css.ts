import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';
import * as shared from './home.css';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 560px',
  gap: 64,
  alignItems: 'center',
});

export const points = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: 20,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const point = style({
  padding: 24,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
});

/** A shield-like tick drawn with CSS, so the list needs no extra icon files. */
export const check = style({
  position: 'relative',
  display: 'block',
  width: 36,
  height: 36,
  borderRadius: vars.radius.small,
  background: vars.color.accentSoft,
  '::after': {
    content: '""',
    position: 'absolute',
    left: 13,
    top: 8,
    width: 8,
    height: 15,
    borderRight: `3px solid ${vars.color.accent}`,
    borderBottom: `3px solid ${vars.color.accent}`,
    transform: 'rotate(45deg)',
  },
});

export const pointTitle = style([shared.pointTitle, { margin: '16px 0 0' }]);

export const image = shared.illustration;
