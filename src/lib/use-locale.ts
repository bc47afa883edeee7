import { useLingui } from '@lingui/react/macro';
import type { Locale } from '#shared/locale';

/** The page's language, from the Lingui instance the `{-$locale}` layout picked for it. */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return i18n.locale === 'en' ? 'en' : 'zh';
}
