/**
 * The console's one Lingui instance (a client-only app: no per-request instances needed). Chinese is the default;
 * the operator's choice is remembered in the `console_lang` cookie, which the server reads to write the shell's
 * `lang` (server/console/pages.ts), so a reload starts in the chosen language.
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';

export type ConsoleLocale = 'zh' | 'en';
export const LANGUAGE_COOKIE = 'console_lang';

const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/*/console.po');
const loaders: Record<ConsoleLocale, () => Promise<{ messages: Messages }>> = {
  zh: () => catalogs['../../../locales/zh/console.po']?.() ?? Promise.resolve({ messages: {} }),
  en: () => catalogs['../../../locales/en/console.po']?.() ?? Promise.resolve({ messages: {} }),
};

export const i18n: I18n = setupI18n({ locale: 'zh', messages: { zh: {} } });

export async function activate(locale: ConsoleLocale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.load(locale, messages);
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'en' ? 'en' : 'zh-CN';
}

/** Remembers the choice for a year (read by the server's shell and by the next load). */
export function rememberLocale(locale: ConsoleLocale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not in every engine tested.
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Strict`;
}

/** The language the shell was written in (its JSON block), else Chinese. */
export function initialLocale(): ConsoleLocale {
  const block = typeof document !== 'undefined' ? document.getElementById('console-env')?.textContent : null;
  try {
    const env = block ? (JSON.parse(block) as { lang?: unknown }) : {};
    return env.lang === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}
