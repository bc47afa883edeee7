/**
 * One Lingui instance per language (never a global that is switched): the `{-$locale}` layout picks the
 * instance for its language, so the server can render zh and en pages side by side and hydration sees the
 * same messages. Catalogs are split by area (see lingui.config.ts); the browser loads only the areas a page
 * uses (common and layout always, plus the page's own, plus layers once a layer has opened).
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LOCALES, type Locale, stripLocale } from '#shared/locale';

type CatalogModule = { messages: Messages };

export const CATALOG_AREAS = ['common', 'layout', 'home', 'layers', 'auth', 'scan', 'college', 'account'] as const;
export type CatalogArea = (typeof CATALOG_AREAS)[number];

// The console's catalog is the console's own bundle's (src/console/lib/i18n.ts), never a chunk of the portal's.
const catalogLoaders = import.meta.glob<CatalogModule>(['../../locales/*/*.po', '!../../locales/*/console.po']);

const instances = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: {} } })]),
) as Record<Locale, I18n>;

const loaded = new Map<string, Promise<void>>();
/** Areas whose messages are in their instance (`locale/area`). */
const ready = new Set<string>();
/** Areas some page has needed: a language switch loads them all for the new language too. */
const wanted = new Set<CatalogArea>(['common', 'layout']);

/** Gives an area's messages to its language's instance (which re-renders what shows messages). */
function handOver(locale: Locale, area: CatalogArea, messages: Messages): void {
  instances[locale].load(locale, messages);
  ready.add(`${locale}/${area}`);
}

function loadArea(locale: Locale, area: CatalogArea): Promise<void> {
  const key = `${locale}/${area}`;
  let pending = loaded.get(key);
  if (!pending) {
    const load = catalogLoaders[`../../locales/${locale}/${area}.po`];
    // An area a language has no catalog of is ready as it is.
    pending = (load ? load() : Promise.resolve({ messages: {} })).then((mod) => handOver(locale, area, mod.messages));
    pending = pending.catch((error: unknown) => {
      loaded.delete(key);
      throw error;
    });
    loaded.set(key, pending);
  }
  return pending;
}

/** Loads the given areas (default: every area) of a language, plus every area wanted so far. */
export async function loadLocale(locale: Locale, areas: readonly CatalogArea[] = CATALOG_AREAS): Promise<I18n> {
  for (const area of areas) wanted.add(area);
  await Promise.all([...wanted].map((area) => loadArea(locale, area)));
  const i18n = instances[locale];
  if (!i18n.locale) i18n.activate(locale);
  return i18n;
}

/** Whether these areas of a language have loaded already (the server's, and a page's own before it hydrates). */
export function areasReady(locale: Locale, areas: readonly CatalogArea[]): boolean {
  return areas.every((area) => ready.has(`${locale}/${area}`));
}

/** The catalog areas a page needs before it hydrates, by its path. */
export function areasOfPath(pathname: string): CatalogArea[] {
  const head = stripLocale(pathname).split('/')[1] ?? '';
  // The landing after sign-in is part of the home feature.
  if (head === '' || head === 'workbench') return ['home'];
  if (head === 'login' || head === 'register' || head === 'forget_password') return ['auth'];
  // The WeChat page shows the scan panel, whose bind and register forms use the auth fields.
  if (head === 'scan_code') return ['scan', 'auth'];
  // The account page's forms are made of the auth fields (phone, code, password, the SMS button).
  if (head === 'account') return ['account', 'auth'];
  return ['college'];
}

/** The instance of a language (load it first with `loadLocale`). */
export function i18nFor(locale: Locale): I18n {
  return instances[locale];
}
