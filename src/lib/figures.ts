/**
 * The product's marketing figures (docs/product.md#figures), written once: the home page, the auth pages and the
 * page descriptions show them in each language's own short form (800万+ / 8M+, 90%). A message that names one
 * holds its placeholder (`{creators}`, `{videos}`, `{laborSaved}`) and is translated with `withFigures`.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Locale } from '#shared/locale';

/** Selling creators in the database, short videos in the material library. */
const COUNTS = { creators: 8_000_000, videos: 10_000_000 };
/** The most manual outreach work the tools save. */
const LABOR_SAVED = 0.9;

export type Figures = { creators: string; videos: string; laborSaved: string };

const cache = new Map<Locale, Figures>();

export function figures(locale: Locale): Figures {
  let found = cache.get(locale);
  if (!found) {
    const tag = locale === 'zh' ? 'zh-CN' : 'en';
    const compact = new Intl.NumberFormat(tag, { notation: 'compact' });
    found = {
      creators: `${compact.format(COUNTS.creators)}+`,
      videos: `${compact.format(COUNTS.videos)}+`,
      laborSaved: new Intl.NumberFormat(tag, { style: 'percent' }).format(LABOR_SAVED),
    };
    cache.set(locale, found);
  }
  return found;
}

/** The message in its instance's language, with the figures for its placeholders. */
export function withFigures(instance: I18n, message: MessageDescriptor): string {
  // Not named `i18n`: the extractor would take this call for a message of its own.
  return instance._({ ...message, values: { ...message.values, ...figures(instance.locale as Locale) } });
}
