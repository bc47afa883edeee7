import { style } from '@vanilla-extract/css';
import { layout } from '~/styles/theme.css';

/** Where toasts appear: centred under the header, above every layer. */
export const host = style({
  position: 'fixed',
  top: layout.headerHeight + 16,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 8,
});
