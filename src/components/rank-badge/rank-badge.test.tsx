import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nFor, loadLocale } from '~/lib/i18n';
import type { Locale } from '~/lib/locale';
import { RankBadge, type RankPosition, rankTone } from './rank-badge';
import * as styles from './rank-badge.css';

const POSITIONS: RankPosition[] = [1, 2, 3, 4, 5];

async function renderBadges(locale: Locale) {
  await loadLocale(locale);
  render(
    <I18nProvider i18n={i18nFor(locale)}>
      {POSITIONS.map((position) => (
        <RankBadge key={position} position={position} />
      ))}
    </I18nProvider>,
  );
}

describe('RankBadge', () => {
  it('colours 1–3 gold, silver and bronze, and 4–5 grey (spec §9)', () => {
    expect(POSITIONS.map(rankTone)).toEqual(['gold', 'silver', 'bronze', 'grey', 'grey']);
  });

  it('shows each position with its medal colour and reads it out in Chinese', async () => {
    await renderBadges('zh');
    const expected = [
      ['第1名', 'gold'],
      ['第2名', 'silver'],
      ['第3名', 'bronze'],
      ['第4名', 'grey'],
      ['第5名', 'grey'],
    ] as const;
    for (const [index, [label, tone]] of expected.entries()) {
      const badge = screen.getByRole('img', { name: label });
      expect(badge).toHaveTextContent(String(index + 1));
      expect(badge).toHaveClass(styles.badge({ tone }));
      expect(badge).toHaveAttribute('data-tone', tone);
    }
  });

  it('reads the position out in English', async () => {
    await renderBadges('en');
    expect(screen.getAllByRole('img').map((badge) => badge.getAttribute('aria-label'))).toEqual([
      'No. 1',
      'No. 2',
      'No. 3',
      'No. 4',
      'No. 5',
    ]);
  });
});
