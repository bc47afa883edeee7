export type RankTone = 'gold' | 'silver' | 'bronze' | 'grey';

/**
 * Medal colours of the ranking badges (docs/product.md#constants). Gold and silver are light metals, so their numbers are dark;
 * bronze and grey are dark, so theirs are white. Every pair reaches WCAG AA for normal text (4.5:1), and the
 * tones differ in hue or lightness enough to read as four medals at a glance (rank-badge.test.tsx checks both).
 */
export const RANK_PALETTE: Record<RankTone, { background: string; text: string }> = {
  gold: { background: '#f2b807', text: '#3a2900' },
  silver: { background: '#d5dbe4', text: '#1f2937' },
  bronze: { background: '#a4582b', text: '#ffffff' },
  grey: { background: '#5f6672', text: '#ffffff' },
};
