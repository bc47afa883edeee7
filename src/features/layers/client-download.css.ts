import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

// The gaps are what lets the video, the support line, the download and its pending note fit 500×460 (docs/product.md#constants).
export const layout = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 });

export const support = style({ margin: 0, fontSize: 13, color: vars.color.muted, textAlign: 'center' });

export const notice = style({
  width: '100%',
  padding: '10px 14px',
  borderRadius: vars.radius.small,
  background: vars.color.accentSoft,
  fontSize: 13,
  color: vars.color.text,
});

export const noticeTitle = style({ margin: 0, fontSize: 14, fontWeight: 700, color: vars.color.ink });

// One row: each tile as wide as its label, the row filling the notice.
export const alternatives = style({
  display: 'flex',
  gap: 8,
  margin: '8px 0 0',
  padding: 0,
  listStyle: 'none',
});

globalStyle(`${alternatives} > li`, { flex: '1 1 auto', display: 'flex' });

export const alternative = style({
  width: '100%',
  minWidth: 0,
  height: '100%',
  whiteSpace: 'nowrap',
  padding: '4px 8px',
  borderRadius: 8,
  textAlign: 'center',
  lineHeight: 1.25,
});
