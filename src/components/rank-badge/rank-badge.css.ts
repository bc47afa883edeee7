import { recipe } from '@vanilla-extract/recipes';
import { vars } from '~/styles/theme.css';

/**
 * A round medal with the position in white. The number is bold and 19 px so it counts as "large text" for WCAG
 * (the gold and silver tokens reach 3:1 on white text, the large-text threshold, not the 4.5:1 of small text).
 */
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    width: 32,
    height: 32,
    borderRadius: '50%',
    color: '#ffffff',
    fontSize: 19,
    fontWeight: 700,
    lineHeight: 1,
    fontVariantNumeric: 'tabular-nums',
    boxShadow: 'inset 0 -2px 0 rgba(0, 0, 0, 0.18), 0 1px 2px rgba(20, 24, 40, 0.16)',
  },
  variants: {
    tone: {
      gold: { background: vars.color.gold },
      silver: { background: vars.color.silver },
      bronze: { background: vars.color.bronze },
      grey: { background: vars.color.grey },
    },
  },
});
