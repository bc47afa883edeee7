import { style } from '@vanilla-extract/css';

export const page = style({ maxWidth: 480, margin: '40px auto', padding: '0 20px' });
export const title = style({ fontSize: 28, margin: '0 0 12px' });
