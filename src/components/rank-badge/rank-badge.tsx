import { useLingui } from '@lingui/react/macro';
import type { RankTone } from './palette';
import * as styles from './rank-badge.css';

/** Ranking positions that have a badge (docs/product.md#constants). */
export type RankPosition = 1 | 2 | 3 | 4 | 5;

/** 1–3 are gold, silver and bronze; 4 and 5 are grey (docs/product.md#constants). */
export function rankTone(position: RankPosition): RankTone {
  if (position === 1) return 'gold';
  if (position === 2) return 'silver';
  if (position === 3) return 'bronze';
  return 'grey';
}

/** A ranking badge: the position on a medal colour, read out as "第1名" / "No. 1". */
export function RankBadge({ position, className }: { position: RankPosition; className?: string }) {
  const { t } = useLingui();
  const tone = rankTone(position);
  const classes = [styles.badge({ tone }), className].filter(Boolean).join(' ');
  return (
    <span className={classes} role="img" aria-label={t`第${position}名`} data-tone={tone}>
      {position}
    </span>
  );
}
