import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const shell = style({ display: 'grid', gridTemplateColumns: '200px 1fr', minHeight: '100vh' });
export const side = style({
  background: '#1c2540',
  color: '#fff',
  padding: vars.space.m,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
});
export const brand = style({ fontWeight: 600, fontSize: 16, margin: `0 0 ${vars.space.m}` });
export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const navLink = style({
  display: 'block',
  padding: '8px 10px',
  borderRadius: vars.radius.s,
  color: '#dfe6ff',
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.accent, color: '#fff' } },
});
export const sideFoot = style({ marginTop: 'auto', display: 'grid', gap: vars.space.s, fontSize: 13 });
export const sideButton = style({
  font: 'inherit',
  background: 'transparent',
  color: '#dfe6ff',
  border: '1px solid #4a5680',
  borderRadius: vars.radius.s,
  padding: '4px 8px',
  cursor: 'pointer',
});
export const main = style({ padding: vars.space.l, minWidth: 0 });
export const signInPage = style({ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: vars.space.l });
export const signInCard = style({
  width: 360,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.m,
  padding: vars.space.l,
  display: 'grid',
  gap: vars.space.m,
});
