/** The readable site map: the college banner, then groups of links in columns (one column on a phone). */
import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const groups = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: '32px 48px',
  marginTop: 24,
});

export const group = style({ minWidth: 0 });

export const groupTitle = style({ margin: '0 0 12px', fontSize: 20, lineHeight: 1.4, color: vars.color.ink });

export const list = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 });

export const link = style({
  color: vars.color.text,
  fontSize: 15,
  lineHeight: 1.6,
  textDecoration: 'none',
  background: 'none',
  border: 0,
  padding: 0,
  font: 'inherit',
  cursor: 'pointer',
  textAlign: 'start',
  selectors: { '&:hover, &:focus-visible': { color: vars.color.accent, textDecoration: 'underline' } },
});

export const articles = style({ margin: '8px 0 0', padding: '0 0 0 16px', display: 'grid', gap: 6 });

export const college = style({ gridColumn: '1 / -1' });

export const sections = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: '24px 48px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
