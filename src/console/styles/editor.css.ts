/** The article editor: the two languages side by side, the live preview drawn with the public article styles. */
import { style } from '@vanilla-extract/css';
import { articleVars } from '~/styles/article-body.css';
import { vars } from './theme.css';

export const languages = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.l,
  alignItems: 'start',
});
export const language = style({
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  padding: vars.space.m,
  margin: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space.m,
});
export const legend = style({ fontWeight: 600, padding: `0 ${vars.space.s}` });
export const wideField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const body = style({
  fontFamily: vars.font.mono,
  fontSize: 13,
  lineHeight: 1.6,
  minHeight: 280,
  resize: 'vertical',
});
export const fieldError = style({ color: vars.color.danger, fontSize: 13, margin: 0 });
/** The preview: the portal's article colours (the StarReach theme's) on the frame, the article styles inside. */
export const preview = style({
  vars: {
    [articleVars.color.accent]: '#d81e44',
    [articleVars.color.ink]: '#1b1f3b',
    [articleVars.color.text]: '#1f2330',
    [articleVars.color.line]: '#e4e6ec',
    [articleVars.color.surfaceAlt]: '#f6f7fb',
  },
  border: `1px dashed ${vars.color.line}`,
  borderRadius: vars.radius.m,
  padding: vars.space.m,
  background: '#ffffff',
  fontFamily: '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", system-ui, sans-serif',
  maxHeight: 640,
  overflowY: 'auto',
});
export const previewTitle = style({ fontSize: 26, margin: `0 0 ${vars.space.s}`, color: '#1b1f3b' });
export const cover = style({ display: 'block', maxWidth: 240, height: 'auto', borderRadius: vars.radius.s });
export const status = style({ minHeight: '1.5em', margin: 0 });
export const meta = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.l, margin: `0 0 ${vars.space.m}` });
