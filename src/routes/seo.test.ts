import { msg } from '@lingui/core/macro';
import type { PortalEnv } from '#shared/portal-env';
import { loadLocale } from '~/lib/i18n';
import { headTags, pageHead } from './seo';

const env = (brandId: PortalEnv['brandId']): PortalEnv => ({
  brandId,
  edition: 'main',
  isMobile: false,
  platform: 'windows',
  workbenchUrl: '/workbench/function_introduction',
  year: 2026,
});
const meta = (tags: ReturnType<typeof headTags>) =>
  Object.fromEntries(
    tags.meta.flatMap((tag) => {
      const { property, name, content } = tag as { property?: string; name?: string; content?: string };
      return property || name ? [[property ?? name, content]] : [];
    }),
  );

describe('social cards', () => {
  it('gives every page Open Graph and Twitter tags with absolute URLs, locales and the brand image', async () => {
    await loadLocale('en');
    const tags = pageHead(
      {
        match: {
          pathname: '/en/login',
          context: { env: env('creatorbox'), origin: 'https://cb.example', locale: 'en' },
        },
      },
      msg`登录`,
      msg`登录账号，或快速注册领取免费试用权益。`,
    );
    expect(meta(tags)).toMatchObject({
      'og:type': 'website',
      'og:title': 'Log in - CreatorBox',
      'og:url': 'https://cb.example/en/login',
      'og:site_name': 'CreatorBox',
      'og:locale': 'en_US',
      'og:locale:alternate': 'zh_CN',
      'og:image': 'https://cb.example/brand/creatorbox/share.png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
      'twitter:image': 'https://cb.example/brand/creatorbox/share.png',
    });
    expect(meta(tags)['og:description']).toBe(meta(tags).description);
    expect(meta(tags)['article:published_time']).toBeUndefined();
    expect(meta(tags).robots).toBeUndefined();
  });

  it('says noindex on a page that asks for it', async () => {
    await loadLocale('zh');
    const input = {
      match: {
        pathname: '/account',
        context: { env: env('starreach'), origin: 'https://sr.example', locale: 'zh' as const },
      },
    };
    expect(
      meta(
        pageHead(input, msg`账号设置`, msg`管理账号资料、密码、手机号、微信绑定和登录设备，下载个人数据或注销账号。`, {
          noindex: true,
        }),
      ).robots,
    ).toBe('noindex');
    expect(meta(headTags(input, { title: 't', description: 'd' }, { noindex: true })).robots).toBe('noindex');
  });

  it('makes a college article an article with its published and modified times', () => {
    const tags = headTags(
      {
        match: {
          pathname: '/business-college/operate/3001',
          context: { env: env('starreach'), origin: 'https://sr.example', locale: 'zh' },
        },
      },
      { title: '文章 - 星达通', description: '摘要' },
      {
        article: { published: '2026-05-01', modified: '2026-05-02T08:00:00Z' },
        breadcrumb: [
          { name: '星达通', path: '/' },
          { name: '商学院', path: '/business-college' },
          { name: '运营实操', path: '/business-college/operate' },
          { name: '文章', path: '/business-college/operate/3001' },
        ],
      },
    );
    expect(meta(tags)).toMatchObject({
      'og:type': 'article',
      'og:locale': 'zh_CN',
      'og:url': 'https://sr.example/business-college/operate/3001',
      'og:site_name': '星达通',
      'article:published_time': '2026-05-01',
      'article:modified_time': '2026-05-02T08:00:00Z',
    });
  });
});

describe('structured data', () => {
  const ld = (tags: ReturnType<typeof headTags>) =>
    tags.scripts.map((script) => {
      expect(script.type).toBe('application/ld+json');
      expect(script.children).not.toContain('<');
      return JSON.parse(script.children) as Record<string, unknown>;
    });

  it('gives every page the Organization and the WebSite of its brand', () => {
    const tags = headTags(
      { match: { pathname: '/en', context: { env: env('creatorbox'), origin: 'https://cb.example', locale: 'en' } } },
      { title: 'Home - CreatorBox', description: 'd' },
    );
    const [organization, website, ...rest] = ld(tags);
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'CreatorBox',
      url: 'https://cb.example/en',
      logo: 'https://cb.example/brand/creatorbox/logo.svg',
    });
    expect(organization.contactPoint).toBeUndefined();
    expect(website).toMatchObject({ '@type': 'WebSite', name: 'CreatorBox', inLanguage: 'en' });
    expect(rest).toEqual([]);
  });

  it('adds the breadcrumb trail and the Article on a college article, escaping what could close the script', () => {
    const tags = headTags(
      {
        match: {
          pathname: '/business-college/operate/3001',
          context: { env: env('starreach'), origin: 'https://sr.example', locale: 'zh' },
        },
      },
      { title: '</script><script>alert(1)</script>', description: '摘要' },
      {
        article: { published: '2026-05-01', modified: '2026-05-02T08:00:00Z' },
        breadcrumb: [
          { name: '星达通', path: '/' },
          { name: '商学院', path: '/business-college' },
        ],
      },
    );
    const data = ld(tags);
    expect(data.map((item) => item['@type'])).toEqual(['Organization', 'WebSite', 'BreadcrumbList', 'Article']);
    // No contact point while the brand's phone is unset (shared/brand-contents.ts).
    expect(data[0].contactPoint).toBeUndefined();
    expect(data[2]).toMatchObject({
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: '星达通', item: 'https://sr.example/' },
        { '@type': 'ListItem', position: 2, name: '商学院', item: 'https://sr.example/business-college' },
      ],
    });
    expect(data[3]).toMatchObject({
      '@type': 'Article',
      headline: '</script><script>alert(1)</script>',
      datePublished: '2026-05-01',
      dateModified: '2026-05-02T08:00:00Z',
      mainEntityOfPage: 'https://sr.example/business-college/operate/3001',
    });
  });
});
