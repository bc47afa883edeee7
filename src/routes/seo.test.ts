import { msg } from '@lingui/core/macro';
import { loadLocale } from '~/lib/i18n';
import type { PortalEnv } from '~/lib/portal-env';
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
      { published: '2026-05-01', modified: '2026-05-02T08:00:00Z' },
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
