import { createRoute } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrandId, brands } from '#shared/brand';
import { type Locale, localizePath } from '#shared/locale';
import type { SellerLanding } from '#shared/portal-env';
import { PAGES } from '#shared/routes';
import { i18nFor, loadLocale } from '~/lib/i18n';
import { renderWithRouter } from '~/test/providers';
import { LandingPage } from './landing-page';
import { LANDING_MESSAGES_EN, landingMessagesEn } from './landing-page.en.fixture';

const SELLER: SellerLanding = { name: '<b>店主</b>', trialEndsAt: '2026-11-24T12:00:00.000Z', trialDaysLeft: 3 };

beforeAll(async () => {
  await loadLocale('en');
  i18nFor('en').load('en', landingMessagesEn());
});

/** Gives the browser's navigator a property for one test (user-event puts its own clipboard there as it sets up). */
const stubbed: string[] = [];
function stubNavigator(name: 'clipboard' | 'share', value: unknown) {
  Object.defineProperty(window.navigator, name, { value, configurable: true, writable: true });
  stubbed.push(name);
}

afterEach(() => {
  for (const name of stubbed.splice(0)) Reflect.deleteProperty(window.navigator, name);
});

function renderLanding(options: { locale: Locale; brandId?: BrandId; isMobile?: boolean; seller?: SellerLanding }) {
  const { locale, brandId = 'starreach', isMobile = false, seller = SELLER } = options;
  return renderWithRouter(null, {
    locale,
    env: { brandId, isMobile, platform: isMobile ? 'other' : 'windows', signedIn: true, seller },
    path: localizePath(PAGES.workbench.path, locale),
    routes: (root) => {
      const localeRoute = createRoute({ getParentRoute: () => root, path: '{-$locale}' });
      return [
        localeRoute.addChildren([
          createRoute({ getParentRoute: () => localeRoute, path: PAGES.workbench.path, component: LandingPage }),
        ]),
      ];
    },
  });
}

const WORDS = {
  zh: {
    welcome: '欢迎，<b>店主</b>',
    trial: '免费试用还剩 3 天',
    ended: '免费试用已结束，联系顾问即可开通正式版本。',
    client: '下载 Windows 客户端',
    plugin: '安装浏览器插件',
    account: '打开账号设置',
    college: '进入商学院入门栏目',
    computer: '请在电脑上继续',
    copy: '复制链接',
    copied: '链接已复制，在电脑浏览器中打开即可。',
    share: '发送给自己',
    mail: '用邮件发送给自己',
    link: '本页链接',
  },
  en: {
    welcome: 'Welcome, <b>店主</b>',
    trial: '3 days left in your free trial',
    ended: LANDING_MESSAGES_EN['免费试用已结束，联系顾问即可开通正式版本。'],
    client: 'Download the Windows client',
    plugin: 'Install the browser plug-in',
    account: 'Open account settings',
    college: 'Go to the business college’s getting-started section',
    computer: 'Continue on your computer',
    copy: 'Copy link',
    copied: 'Link copied. Open it in a browser on your computer.',
    share: 'Send to myself',
    mail: 'Email it to myself',
    link: 'Link to this page',
  },
} as const;

describe.each(['zh', 'en'] as const)('the landing after sign-in, in %s', (locale) => {
  const words = WORDS[locale];
  const at = (path: string) => localizePath(path, locale);

  it.each(['starreach', 'creatorbox'] as const)(
    'greets the seller by name (as text) with the trial days left, in %s',
    async (brandId) => {
      await renderLanding({ locale, brandId });
      const main = screen.getByRole('main');
      expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent(words.welcome);
      expect(main.querySelector('b')).toBeNull();
      expect(screen.getByTestId('landing-trial')).toHaveTextContent(words.trial);
      // The brand names the e-mail's subject on a phone; on the desktop the page holds no other brand's name.
      const other = brandId === 'starreach' ? brands.creatorbox : brands.starreach;
      expect(main.textContent).not.toContain(other.name[locale]);
    },
  );

  it('says when the trial has ended', async () => {
    await renderLanding({ locale, seller: { ...SELLER, trialDaysLeft: 0 } });
    expect(screen.getByTestId('landing-trial')).toHaveTextContent(words.ended);
  });

  it('on a desktop: opens the client and the plug-in downloads, links the account page and the college', async () => {
    const { user, actors } = await renderLanding({ locale });
    expect(screen.getByRole('main')).toHaveAttribute('data-variant', 'desktop');
    expect(screen.queryByRole('heading', { name: words.computer })).toBeNull();
    await user.click(screen.getByRole('button', { name: words.client }));
    expect(actors.layer.getSnapshot().context.layerType).toBe('clientDownload');
    actors.layer.send({ type: 'layer.close' });
    await user.click(screen.getByRole('button', { name: words.plugin }));
    expect(actors.layer.getSnapshot().context.layerType).toBe('pluginDownload');
    expect(screen.getByRole('link', { name: words.account })).toHaveAttribute('href', at('/account'));
    expect(screen.getByRole('link', { name: words.college })).toHaveAttribute(
      'href',
      at('/business-college/ecommerce-intro'),
    );
    const articles = [...screen.getByRole('main').querySelectorAll('ul a')];
    expect(articles.map((link) => link.getAttribute('href'))).toEqual(
      [
        '/business-college/electricity/2005',
        '/business-college/electricity/2002',
        '/business-college/ecommerce-intro/1001',
      ].map(at),
    );
  });

  it('on a phone: continue on the computer, the link to copy and the share sheet; no downloads', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator('share', share);
    const { user } = await renderLanding({ locale, isMobile: true });
    stubNavigator('clipboard', { writeText });
    expect(screen.getByRole('main')).toHaveAttribute('data-variant', 'phone');
    expect(screen.getByRole('heading', { name: words.computer })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: words.client })).toBeNull();
    const link = `${window.location.origin}${at(PAGES.workbench.path)}`;
    expect(screen.getByRole('textbox', { name: words.link })).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: words.copy }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByRole('status')).toHaveTextContent(words.copied);
    await user.click(screen.getByRole('button', { name: words.share }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link }));
    expect(screen.getByRole('link', { name: words.account })).toHaveAttribute('href', at('/account'));
  });

  it('on a phone without a share sheet: e-mail the link to oneself', async () => {
    expect('share' in window.navigator).toBe(false);
    await renderLanding({ locale, isMobile: true, brandId: 'creatorbox' });
    const mail = screen.getByRole('link', { name: words.mail });
    const href = new URL(mail.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.searchParams.get('body')).toBe(`${window.location.origin}${at(PAGES.workbench.path)}`);
    expect(href.searchParams.get('subject')).toContain(brands.creatorbox.name[locale]);
  });
});
