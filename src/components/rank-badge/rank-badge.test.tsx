import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '#shared/locale';
import { i18nFor, loadLocale } from '~/lib/i18n';
import { RANK_PALETTE } from './palette';
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
  it('colours 1–3 gold, silver and bronze, and 4–5 grey (docs/product.md#constants)', () => {
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

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
/** Hue in degrees and saturation 0-1 (HSL) of a #rrggbb colour. */
function hueAndSaturation(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  const lightness = (max + min) / 2;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  let hue = 0;
  if (delta > 0) {
    if (max === r) hue = 60 * (((g - b) / delta + 6) % 6);
    else if (max === g) hue = 60 * ((b - r) / delta + 2);
    else hue = 60 * ((r - g) / delta + 4);
  }
  return { hue, saturation };
}

describe('rank palette', () => {
  const medals = ['gold', 'silver', 'bronze', 'grey'] as const;

  it.each(medals)('%s: the number meets WCAG AA for normal text (4.5:1)', (tone) => {
    const { background, text } = RANK_PALETTE[tone];
    expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('tells the four medals apart by hue or lightness at a glance', () => {
    for (const [i, a] of medals.entries()) {
      for (const b of medals.slice(i + 1)) {
        const first = hueAndSaturation(RANK_PALETTE[a].background);
        const second = hueAndSaturation(RANK_PALETTE[b].background);
        const bothColoured = first.saturation > 0.3 && second.saturation > 0.3;
        const hueGap = Math.min(Math.abs(first.hue - second.hue), 360 - Math.abs(first.hue - second.hue));
        // A metal beside a neutral (gold beside silver) reads apart by its colourfulness alone.
        const colourApart = (bothColoured && hueGap >= 15) || Math.abs(first.saturation - second.saturation) >= 0.4;
        const lightnessApart = contrast(RANK_PALETTE[a].background, RANK_PALETTE[b].background) >= 1.8;
        expect(colourApart || lightnessApart, `${a} vs ${b}`).toBe(true);
      }
    }
  });

  it('gives silver (#2) a different look from the grey of #4 and #5', () => {
    expect(contrast(RANK_PALETTE.silver.background, RANK_PALETTE.grey.background)).toBeGreaterThanOrEqual(3);
  });
});
