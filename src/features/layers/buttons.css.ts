import { recipe } from '@vanilla-extract/recipes';
import { vars } from '~/styles/theme.css';

/** The buttons and button-like download links of the layers. */
export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 6,
    minHeight: 40,
    padding: '0 24px',
    borderRadius: 999,
    border: '1px solid transparent',
    fontFamily: 'inherit',
    fontSize: 15,
    fontWeight: 600,
    lineHeight: 1.2,
    textDecoration: 'none',
    cursor: 'pointer',
    transition: 'filter 120ms, background 120ms',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.accent,
        color: vars.color.onAccent,
        ':hover': { filter: 'brightness(1.08)' },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.accent,
        borderColor: vars.color.accent,
        ':hover': { background: vars.color.accentSoft },
      },
    },
    size: {
      normal: {},
      wide: { minWidth: 200 },
      small: { minHeight: 34, padding: '0 14px', fontSize: 14 },
    },
  },
  defaultVariants: { tone: 'primary', size: 'normal' },
});

/** A button that reads like an inline link (it acts on the page instead of going somewhere). */
export const inlineAction = recipe({
  base: {
    display: 'inline',
    padding: 0,
    margin: 0,
    border: 0,
    background: 'none',
    font: 'inherit',
    color: vars.color.accent,
    textDecoration: 'underline',
    textUnderlineOffset: 3,
    cursor: 'pointer',
  },
});
