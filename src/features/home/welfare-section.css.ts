import { style } from '@vanilla-extract/css';
import { vars } from '~/styles/theme.css';

export const files = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: 24,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const file = style({
  display: 'flex',
  gap: 24,
  padding: 32,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});

/** A document glyph with the file type on it, drawn with CSS. */
export const fileType = style({
  position: 'relative',
  flex: 'none',
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  width: 64,
  height: 80,
  paddingBottom: 12,
  borderRadius: '8px 20px 8px 8px',
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: 15,
  fontWeight: 800,
  letterSpacing: '0.04em',
  '::before': {
    content: '""',
    position: 'absolute',
    top: 14,
    left: 14,
    right: 14,
    height: 22,
    borderTop: '3px solid rgba(255, 255, 255, 0.55)',
    borderBottom: '3px solid rgba(255, 255, 255, 0.55)',
  },
});

export const fileText = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  minWidth: 0,
});

export const fileTitle = style({
  margin: 0,
  color: vars.color.ink,
  fontSize: 22,
  fontWeight: 700,
  lineHeight: 1.35,
});

export const fileMeta = style({
  margin: '6px 0 0',
  color: vars.color.muted,
  fontSize: 14,
});

export const fileDescription = style({
  flex: 1,
  margin: '14px 0 24px',
  color: vars.color.text,
  fontSize: 16,
  lineHeight: 1.75,
});

export const download = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 44,
  padding: '0 22px',
  borderRadius: 999,
  border: `1px solid ${vars.color.accent}`,
  color: vars.color.accent,
  fontWeight: 600,
  textDecoration: 'none',
  transition: 'background 0.15s ease, color 0.15s ease',
  ':hover': { background: vars.color.accent, color: vars.color.onAccent },
});

/** A downward arrow into a tray. */
export const downloadIcon = style({
  position: 'relative',
  width: 14,
  height: 14,
  borderBottom: '2px solid currentColor',
  '::before': {
    content: '""',
    position: 'absolute',
    left: 6,
    top: 0,
    width: 2,
    height: 9,
    background: 'currentColor',
  },
  '::after': {
    content: '""',
    position: 'absolute',
    left: 3,
    top: 4,
    width: 6,
    height: 6,
    borderRight: '2px solid currentColor',
    borderBottom: '2px solid currentColor',
    transform: 'rotate(45deg)',
  },
});
