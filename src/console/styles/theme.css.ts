/** The console's own theme (it shares nothing with the portal's pages, whose theme is per brand). */
import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';

export const vars = createGlobalTheme(':root', {
  color: {
    accent: '#2457d6',
    accentInk: '#ffffff',
    text: '#1f2330',
    // 6.3:1 on white (WCAG AA).
    muted: '#5c6270',
    line: '#dfe2ea',
    surface: '#ffffff',
    surfaceAlt: '#f4f6fa',
    danger: '#b3261e',
    dangerSoft: '#fdecea',
    ok: '#1e7a3c',
    okSoft: '#e6f4ea',
    focus: '#f2a900',
  },
  font: {
    body: 'system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  space: { xs: '4px', s: '8px', m: '16px', l: '24px', xl: '40px' },
  radius: { s: '4px', m: '8px' },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: 14,
  color: vars.color.text,
  background: vars.color.surfaceAlt,
});
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 });
