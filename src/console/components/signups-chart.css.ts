import { style } from '@vanilla-extract/css';

export const chart = style({ width: '100%', minHeight: 300 });
