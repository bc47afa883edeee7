/**
 * A part of the page that loads on first use (a dialog) but renders in the same task as the tap that shows it
 * once its code and messages are ready. React.lazy suspends on its first render even when the import has settled,
 * and React then holds the content back for up to 300 ms (its throttle for revealing what replaces a fallback), so
 * a layer opened by a click answered a third of a second late although its code had been kept ready at idle.
 *
 * `keep` loads the code and fetches the messages without handing them over (for `keepReady`, src/lib/warm-up.ts);
 * `prepare`, called in the event that shows the part, hands fetched messages to the language's instance there and
 * then; `<Ready part={…} />` renders at once when both are in, and suspends (the cold path: a tap before the
 * warm-up) otherwise.
 */
import { type ComponentType, use } from 'react';
import { type Locale, localeFromPath } from '#shared/locale';
import { tracked } from './deferred-component';
import { areasReady, type CatalogArea, handOverFetched, loadLocale, prefetchLocale } from './i18n';

export interface ReadyPart {
  keep(): Promise<unknown>;
  prepare(): void;
  /** The code, as a promise `use` reads at once when it has settled. */
  code(): Promise<ComponentType>;
  /** The messages handed to `locale`'s instance, likewise. */
  messages(locale: Locale): Promise<unknown>;
  areas: readonly CatalogArea[];
}

const pageLocale = (): Locale => localeFromPath(window.location.pathname);

export function readyPart(load: () => Promise<{ default: ComponentType }>, areas: readonly CatalogArea[]): ReadyPart {
  let code: Promise<ComponentType> | undefined;
  const loadCode = () => {
    if (!code) {
      const loading = tracked(load().then((module) => module.default));
      // A failed load is tried again at the next use (the chunk guard decides about reloading the page).
      loading.catch(() => {
        if (code === loading) code = undefined;
      });
      code = loading;
    }
    return code;
  };
  const messages = new Map<Locale, Promise<unknown>>();
  const loadMessages = (locale: Locale) => {
    let pending = messages.get(locale);
    if (!pending) {
      pending = tracked(loadLocale(locale, areas));
      pending.catch(() => messages.delete(locale));
      messages.set(locale, pending);
    }
    return pending;
  };

  return {
    areas,
    code: loadCode,
    messages: loadMessages,
    keep: () => Promise.all([loadCode(), prefetchLocale(pageLocale(), areas)]),
    prepare: () => {
      handOverFetched(pageLocale(), areas);
    },
  };
}

export function Ready({ part }: { part: ReadyPart }) {
  const locale = pageLocale();
  if (!areasReady(locale, part.areas)) use(part.messages(locale));
  const Component = use(part.code());
  return <Component />;
}
