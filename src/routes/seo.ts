/**
 * Per-page head tags: title (with the brand's name), description, canonical and hreflang zh / en / x-default.
 */
import type { MessageDescriptor } from '@lingui/core';
import { brands } from '~/lib/brand';
import { i18nFor } from '~/lib/i18n';
import { type Locale, localizePath } from '~/lib/locale';
import type { PortalEnv } from '~/lib/portal-env';

interface HeadInput {
  match: { pathname: string; context: { env: PortalEnv; origin: string; locale: Locale } };
}

export function pageHead({ match }: HeadInput, title: MessageDescriptor, description: MessageDescriptor) {
  const { env, origin, locale } = match.context;
  const i18n = i18nFor(locale);
  const brand = brands[env.brandId];
  const path = match.pathname.replace(/\/$/, '') || '/';
  const url = (l: Locale) => `${origin}${localizePath(path, l)}`;
  return {
    meta: [
      { title: `${i18n._(title)} - ${brand.name[locale]}` },
      { name: 'description', content: i18n._(description) },
    ],
    links: [
      { rel: 'canonical', href: url(locale) },
      { rel: 'alternate', hrefLang: 'zh-CN', href: url('zh') },
      { rel: 'alternate', hrefLang: 'en', href: url('en') },
      { rel: 'alternate', hrefLang: 'x-default', href: url('zh') },
    ],
  };
}
