/**
 * One theme for the whole site: colours (per brand through `data-brand` on <html>), fonts and the layout
 * constants of docs/product.md#constants (header 60, content padding 20, main 1300, page minimum 1280, mobile 750, modal sizes).
 */
import { createGlobalTheme, createGlobalThemeContract, globalStyle } from '@vanilla-extract/css';

export const layout = {
  headerHeight: 60,
  contentPaddingTop: 20,
  /** Header, content and footer share this one grid in both languages (the English labels are written to fit). */
  mainWidth: { zh: 1300, en: 1300 },
  /**
   * The width of the main column: 1300 px where the window has room, and narrower on a smaller window (a 1366 px
   * laptop with a classic scrollbar has 1351 px), always leaving `sideBarRoom` free on both sides so the floating
   * side bar at the right edge covers no content. Percentages, not `vw`: `100vw` counts the scrollbar.
   */
  mainColumn: 'min(1300px, 100% - 128px)',
  sideBarRoom: 64,
  /** Below this the page scrolls sideways (the spec's 1430 would make a 1366 px laptop, and a 1440 px window
   * with a classic scrollbar, scroll sideways). */
  pageMinWidth: { zh: 1280, en: 1280 },
  mobileMaxWidth: 750,
  modal: {
    default: { width: 500, height: 460 },
    clientDownload: { width: 500, height: 460 },
    pluginDownload: { width: 1000, height: 820 },
    customerService: { width: 580, height: 670, radius: 20 },
    agreement: { width: 800, padding: '40px 60px' },
  },
  video: { client: 420, plugin: 600 },
} as const;

export const vars = createGlobalThemeContract(
  {
    color: {
      accent: 'accent',
      accentSoft: 'accent-soft',
      onAccent: 'on-accent',
      ink: 'ink',
      text: 'text',
      muted: 'muted',
      line: 'line',
      surface: 'surface',
      surfaceAlt: 'surface-alt',
      failed: 'failed',
    },
    font: { body: 'font-body' },
    radius: { small: 'radius-small', medium: 'radius-medium', large: 'radius-large' },
    shadow: { card: 'shadow-card' },
  },
  (value) => `portal-${value}`,
);

const shared = {
  // Colours chosen for WCAG AA contrast on white (muted #5c6270 is 6.3:1).
  text: '#1f2330',
  muted: '#5c6270',
  line: '#e4e6ec',
  surface: '#ffffff',
  surfaceAlt: '#f6f7fb',
  onAccent: '#ffffff',
  failed: '#d92d20',
};

const rest = {
  font: {
    body: '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", system-ui, -apple-system, "Segoe UI", sans-serif',
  },
  radius: { small: '6px', medium: '12px', large: '20px' },
  shadow: { card: '0 8px 24px rgba(20, 24, 40, 0.08)' },
};

// StarReach (brand 1) is the default; CreatorBox (brand 2) overrides the accent.
createGlobalTheme(':root', vars, {
  color: { ...shared, accent: '#d81e44', accentSoft: '#fff0f3', ink: '#1b1f3b' },
  ...rest,
});
createGlobalTheme(':root[data-brand="creatorbox"]', vars, {
  color: { ...shared, accent: '#1f5af0', accentSoft: '#eef3ff', ink: '#0e1a3a' },
  ...rest,
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  padding: 0,
  fontFamily: vars.font.body,
  color: vars.color.text,
  background: vars.color.surface,
  lineHeight: 1.6,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('img, video', { maxWidth: '100%' });
globalStyle('a', { color: 'inherit' });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 });
