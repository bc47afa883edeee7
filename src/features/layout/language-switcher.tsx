/**
 * The language switcher (docs/product.md#pages "Header entries", #states "Language"): two toggle buttons, 中文 and English.
 * Switching keeps the page (path, query and hash) in the other language, remembers the choice in the
 * `i18n_redirected` cookie (365 days) and the `language` local key, then navigates; the `{-$locale}` layout
 * loads the other catalog. The server renders it with the page (the router knows the URL there too).
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import Cookies from 'js-cookie';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGE_STORAGE_KEY,
  LOCALES,
  type Locale,
  localizePath,
} from '#shared/locale';
import { writeLocal } from '~/lib/local-storage';
import { useLocale } from '~/lib/use-locale';
import * as styles from './language-switcher.css';

/** Each language is named in itself, so a reader of the other language can still find theirs. */
const LANGUAGE_NAMES: Record<Locale, { label: string; lang: string }> = {
  zh: { label: '中文', lang: 'zh-CN' },
  en: { label: 'English', lang: 'en' },
};

export function rememberLanguage(locale: Locale): void {
  Cookies.set(LANGUAGE_COOKIE, locale, {
    expires: LANGUAGE_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  });
  writeLocal(LANGUAGE_STORAGE_KEY, locale);
}

export function LanguageSwitcher() {
  const { t } = useLingui();
  const current = useLocale();
  const router = useRouter();
  const location = useLocation();

  const switchTo = (locale: Locale) => {
    if (locale === current) return;
    rememberLanguage(locale);
    const hash = location.hash ? `#${location.hash}` : '';
    router.navigate({ href: `${localizePath(location.pathname, locale)}${location.searchStr}${hash}` });
  };

  return (
    <fieldset className={styles.group} aria-label={t`切换语言`}>
      {LOCALES.map((locale) => (
        // A form per language, so that a press before the page's code has run still leads to the page in that
        // language (a plain GET of its path); once hydrated, the click is handled here and also keeps the query
        // and the hash and remembers the choice.
        <form key={locale} method="get" action={localizePath(location.pathname, locale)} className={styles.entry}>
          <button
            type="submit"
            lang={LANGUAGE_NAMES[locale].lang}
            className={styles.option}
            aria-pressed={locale === current}
            onClick={(event) => {
              event.preventDefault();
              switchTo(locale);
            }}
          >
            {LANGUAGE_NAMES[locale].label}
          </button>
        </form>
      ))}
    </fieldset>
  );
}
