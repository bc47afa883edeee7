import { recipe } from '@vanilla-extract/recipes';
import { RANK_PALETTE } from './palette';

/** A round medal with the position on it, in the medal's own text colour (palette.ts). */
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    width: 32,
    height: 32,
    borderRadius: '50%',
    fontSize: 19,
    fontWeight: 700,
    lineHeight: 1,
    fontVariantNumeric: 'tabular-nums',
    boxShadow: 'inset 0 -2px 0 rgba(0, 0, 0, 0.18), 0 1px 2px rgba(20, 24, 40, 0.16)',
  },
  variants: {
    tone: {
      gold: { background: RANK_PALETTE.gold.background, color: RANK_PALETTE.gold.text },
      silver: { background: RANK_PALETTE.silver.background, color: RANK_PALETTE.silver.text },
      bronze: { background: RANK_PALETTE.bronze.background, color: RANK_PALETTE.bronze.text },
      grey: { background: RANK_PALETTE.grey.background, color: RANK_PALETTE.grey.text },
    },
  },
});
