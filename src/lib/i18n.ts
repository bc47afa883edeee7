/**
 * One Lingui instance per language (never a global that is switched): the `{-$locale}` layout picks the
 * instance for its language, so the server can render zh and en pages side by side and hydration sees the
 * same messages. Catalogs are split by area (see lingui.config.ts) and merged here.
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LOCALES, type Locale } from './locale';

type CatalogModule = { messages: Messages };

const catalogLoaders = import.meta.glob<CatalogModule>('../../locales/*/*.po');

const instances = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: {} } })]),
) as Record<Locale, I18n>;

const loading = new Map<Locale, Promise<I18n>>();

/** Loads (once) every catalog of a language into its instance. */
export function loadLocale(locale: Locale): Promise<I18n> {
  let pending = loading.get(locale);
  if (!pending) {
    const entries = Object.entries(catalogLoaders).filter(([path]) => path.includes(`/locales/${locale}/`));
    pending = Promise.all(entries.map(([, load]) => load())).then((modules) => {
      const merged: Messages = {};
      for (const mod of modules) Object.assign(merged, mod.messages);
      const i18n = instances[locale];
      i18n.load(locale, merged);
      i18n.activate(locale);
      return i18n;
    });
    loading.set(locale, pending);
  }
  return pending;
}

/** The instance of a language (load it first with `loadLocale`). */
export function i18nFor(locale: Locale): I18n {
  return instances[locale];
}
