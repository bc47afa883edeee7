/**
 * Per-page head tags: title (with the brand's name), description, canonical and hreflang zh / en / x-default,
 * and the social cards a chat app or a network shows for a pasted link (Open Graph and Twitter): title,
 * description, absolute url, locale and its alternate, site name and the brand's 1200×630 share image; college
 * articles are `article`s with their published and modified times.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { Article, BreadcrumbList, Organization, WebSite, WithContext } from 'schema-dts';
import { brands, SHARE_IMAGE, shareImagePath } from '#shared/brand';
import { brandContents } from '#shared/brand-contents';
import { type Locale, localizePath } from '#shared/locale';
import type { PortalEnv } from '#shared/portal-env';
import { withFigures } from '~/lib/figures';
import { i18nFor } from '~/lib/i18n';

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
/** A step of a page's breadcrumb trail: its name and its path without the language prefix. */
export interface Crumb {
  name: string;
  path: string;
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no value can close the element. */
const ldJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

type LinkedData = WithContext<Organization> | WithContext<WebSite> | WithContext<BreadcrumbList> | WithContext<Article>;

/**
 * Structured data (schema.org JSON-LD, typed with schema-dts): the brand's Organization and WebSite on every
 * page, a BreadcrumbList where the page has a trail (the college), and the Article on an article.
 */
export function structuredData(input: {
  env: PortalEnv;
  origin: string;
  locale: Locale;
  url: string;
  text: { title: string; description: string };
  article?: ArticleTimes;
  breadcrumb?: Crumb[];
}): LinkedData[] {
  const { env, origin, locale } = input;
  const brand = brands[env.brandId];
  const home = `${origin}${localizePath('/', locale)}`;
  const organizationId = `${origin}/#organization`;
  const { phone } = brandContents[brand.id];
  const graph: LinkedData[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': organizationId,
      name: brand.name[locale],
      alternateName: brand.name[locale === 'zh' ? 'en' : 'zh'],
      legalName: brand.companyName[locale],
      url: home,
      logo: `${origin}${brand.logo[locale]}`,
      ...(phone
        ? { contactPoint: { '@type': 'ContactPoint', telephone: phone, contactType: 'customer service' } }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: brand.name[locale],
      url: home,
      inLanguage: locale === 'zh' ? 'zh-CN' : 'en',
      publisher: { '@id': organizationId },
    },
  ];
  if (input.breadcrumb?.length)
    graph.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.breadcrumb.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: `${origin}${localizePath(crumb.path, locale)}`,
      })),
    });
  if (input.article)
    graph.push({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: input.text.title,
      description: input.text.description,
      datePublished: input.article.published,
      dateModified: input.article.modified,
      inLanguage: locale === 'zh' ? 'zh-CN' : 'en',
      mainEntityOfPage: input.url,
      image: `${origin}${shareImagePath(env.brandId)}`,
      author: { '@id': organizationId },
      publisher: { '@id': organizationId },
    });
  return graph;
}

export function headTags(
  { match }: HeadInput,
  text: { title: string; description: string },
  /** `noindex`: a page never to be in a search index (one seller's page, a draft's preview). */
  extras: { article?: ArticleTimes | undefined; breadcrumb?: Crumb[] | undefined; noindex?: boolean | undefined } = {},
) {
  const { article, breadcrumb, noindex } = extras;
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
      ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ],
    scripts: structuredData({ env, origin, locale, url: url(locale), text, article, breadcrumb }).map((data) => ({
      type: 'application/ld+json',
      children: ldJson(data),
    })),
    links: [
      { rel: 'canonical', href: url(locale) },
      { rel: 'alternate', hrefLang: 'zh-CN', href: url('zh') },
      { rel: 'alternate', hrefLang: 'en', href: url('en') },
      { rel: 'alternate', hrefLang: 'x-default', href: url('zh') },
    ],
  };
}

export function pageHead(
  input: HeadInput,
  title: MessageDescriptor,
  description: MessageDescriptor,
  options: { noindex?: boolean } = {},
) {
  const { env, locale } = input.match.context;
  const i18n = i18nFor(locale);
  return headTags(
    input,
    {
      title: `${i18n._(title)} - ${brands[env.brandId].name[locale]}`,
      description: withFigures(i18n, description),
    },
    options,
  );
}
