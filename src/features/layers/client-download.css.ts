import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const layout = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 });

export const support = style({ margin: 0, fontSize: 13, color: vars.color.muted, textAlign: 'center' });

export const download = style({ marginTop: 4 });

export const notice = style({
  width: '100%',
  padding: '12px 14px',
  borderRadius: vars.radius.small,
  background: vars.color.accentSoft,
  fontSize: 13,
  color: vars.color.text,
});

export const noticeTitle = style({ margin: 0, fontSize: 14, fontWeight: 700, color: vars.color.ink });

export const noticeText = style({ margin: '2px 0 10px' });

export const alternatives = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

// Tiles rather than pills: an English label may need two lines in a third of the layer's width.
export const alternative = style({
  width: '100%',
  minWidth: 0,
  height: '100%',
  padding: '4px 8px',
  borderRadius: 8,
  whiteSpace: 'normal',
  textAlign: 'center',
  lineHeight: 1.25,
});
