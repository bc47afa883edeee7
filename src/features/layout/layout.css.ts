import { style, styleVariants } from '@vanilla-extract/css';
import { layout, vars } from '~/styles/theme.css';

/** The desktop page: it keeps its minimum width (per language) and scrolls sideways below it. */
const desktopPage = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  background: vars.color.surface,
});

export const desktop = styleVariants(layout.pageMinWidth, (minWidth) => [desktopPage, { minWidth }]);

/** Pages render their own <main>; this only spaces them from the header and lets the footer sit at the bottom. */
export const content = style({
  flex: '1 0 auto',
  paddingTop: layout.contentPaddingTop,
});

export const mobile = style({
  maxWidth: layout.mobileMaxWidth,
  minHeight: '100vh',
  margin: '0 auto',
  background: vars.color.surface,
});
