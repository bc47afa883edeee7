/**
 * Per-page head tags: title (with the brand's name), description, canonical and hreflang zh / en / x-default,
 * and the social cards a chat app or a network shows for a pasted link (Open Graph and Twitter): title,
 * description, absolute url, locale and its alternate, site name and the brand's 1200×630 share image; college
 * articles are `article`s with their published and modified times.
 */
import type { MessageDescriptor } from '@lingui/core';
import { brands, SHARE_IMAGE, shareImagePath } from '~/lib/brand';
import { i18nFor } from '~/lib/i18n';
import { type Locale, localizePath } from '~/lib/locale';
import type { PortalEnv } from '~/lib/portal-env';

interface HeadInput {
  match: { pathname: string; context: { env: PortalEnv; origin: string; locale: Locale } };
}

/** An article's times for its social card (ISO 8601). */
export interface ArticleTimes {
  published: string;
  modified: string;
}

const OG_LOCALE: Record<Locale, string> = { zh: 'zh_CN', en: 'en_US' };

/** Every head tag of a page from its final title and description. */
export function headTags({ match }: HeadInput, text: { title: string; description: string }, article?: ArticleTimes) {
  const { env, origin, locale } = match.context;
  const brand = brands[env.brandId];
  const path = match.pathname.replace(/\/$/, '') || '/';
  const url = (l: Locale) => `${origin}${localizePath(path, l)}`;
  const other: Locale = locale === 'zh' ? 'en' : 'zh';
  return {
    meta: [
      { title: text.title },
      { name: 'description', content: text.description },
      { property: 'og:type', content: article ? 'article' : 'website' },
      { property: 'og:title', content: text.title },
      { property: 'og:description', content: text.description },
      { property: 'og:url', content: url(locale) },
      { property: 'og:site_name', content: brand.name[locale] },
      { property: 'og:locale', content: OG_LOCALE[locale] },
      { property: 'og:locale:alternate', content: OG_LOCALE[other] },
      { property: 'og:image', content: `${origin}${shareImagePath(env.brandId)}` },
      { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
      { property: 'og:image:alt', content: `${brand.name[locale]} - ${brand.slogan[locale]}` },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: text.title },
      { name: 'twitter:description', content: text.description },
      { name: 'twitter:image', content: `${origin}${shareImagePath(env.brandId)}` },
      ...(article
        ? [
            { property: 'article:published_time', content: article.published },
            { property: 'article:modified_time', content: article.modified },
          ]
        : []),
    ],
    links: [
      { rel: 'canonical', href: url(locale) },
      { rel: 'alternate', hrefLang: 'zh-CN', href: url('zh') },
      { rel: 'alternate', hrefLang: 'en', href: url('en') },
      { rel: 'alternate', hrefLang: 'x-default', href: url('zh') },
    ],
  };
}

export function pageHead(input: HeadInput, title: MessageDescriptor, description: MessageDescriptor) {
  const { env, locale } = input.match.context;
  const i18n = i18nFor(locale);
  return headTags(input, {
    title: `${i18n._(title)} - ${brands[env.brandId].name[locale]}`,
    description: i18n._(description),
  });
}
