import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const content = style({ maxHeight: '80vh' });

export const text = style({ fontSize: 14, lineHeight: 1.8, color: vars.color.text, paddingRight: 8 });

globalStyle(`${text} h2, ${text} h3, ${text} h4`, { color: vars.color.ink, lineHeight: 1.4 });
globalStyle(`${text} h3`, { margin: '24px 0 8px', fontSize: 16 });
globalStyle(`${text} h4`, { margin: '16px 0 6px', fontSize: 15 });
globalStyle(`${text} p`, { margin: '0 0 10px' });
globalStyle(`${text} ul`, { margin: '0 0 10px', paddingLeft: 22 });
globalStyle(`${text} > :first-child`, { marginTop: 0 });

export const status = style({ margin: 0, color: vars.color.muted });
