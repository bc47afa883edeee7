import { screen, within } from '@testing-library/react';
import { brands } from '#shared/brand';
import { FILLED_CONTENTS, withContents } from '~/lib/brand-contents.fixture';
import { FILING_SITE_URL } from '~/lib/links';
import { Footer } from './footer';
import { renderInLayout } from './test-utils';

const thisYear = new Date().getFullYear();

describe('Footer', () => {
  it('shows the copyright line with the current year, the company and the filing number', async () => {
    await renderInLayout(<Footer />, { env: { year: thisYear } });
    const brand = brands.starreach;
    expect(screen.getByText(`© 2020-${thisYear} ${brand.companyName.zh}`, { exact: false })).toBeInTheDocument();
    const filing = screen.getByRole('link', { name: brand.filingNumber });
    expect(filing).toHaveAttribute('href', FILING_SITE_URL);
    expect(filing).toHaveAttribute('target', '_blank');
  });

  it('shows the company blurb and address for brand 1, and the phone and e-mail once set', async () => {
    await renderInLayout(withContents(<Footer />));
    const contact = brands.starreach.footerContact!;
    expect(screen.getByText(contact.blurb.zh)).toBeInTheDocument();
    expect(screen.getByText(contact.address.zh, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '020-0000 0000' })).toHaveAttribute('href', 'tel:020-00000000');
    expect(screen.getByRole('link', { name: 'service@brand.test' })).toHaveAttribute(
      'href',
      'mailto:service@brand.test',
    );
  });

  it('shows no phone, e-mail or friendly links while they are unset', async () => {
    await renderInLayout(<Footer />);
    expect(screen.getByText(brands.starreach.footerContact!.blurb.zh)).toBeInTheDocument();
    expect(screen.queryByText(/联系电话/)).toBeNull();
    expect(screen.queryByText(/电子邮箱/)).toBeNull();
    expect(screen.queryByRole('region', { name: '友情链接' })).toBeNull();
    expect(screen.getByText('服务时间：工作日 9:30–18:30')).toBeInTheDocument();
    expect([...document.querySelectorAll('a')].filter((a) => /\.example\b/.test(a.href))).toEqual([]);
  });

  it('shows only the friendly links that are set', async () => {
    const { marketData1, cloudComputer } = FILLED_CONTENTS.friendlyLinks;
    const friendlyLinks = {
      ...FILLED_CONTENTS.friendlyLinks,
      marketData2: null,
      antidetectBrowser: null,
      accountOpening: null,
    };
    await renderInLayout(withContents(<Footer />, { friendlyLinks }));
    const row = screen.getByRole('region', { name: '友情链接' });
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([marketData1!.href, cloudComputer!.href]);
  });

  it('shows no blurb, address or phone for brand 2, but its own company and the service hours', async () => {
    await renderInLayout(<Footer />, { env: { brandId: 'creatorbox' } });
    const blurb = brands.starreach.footerContact!.blurb.zh;
    expect(screen.queryByText(blurb)).not.toBeInTheDocument();
    expect(screen.queryByText(/地址：/)).not.toBeInTheDocument();
    expect(screen.queryByText(/联系电话/)).not.toBeInTheDocument();
    expect(screen.getByText('服务时间：工作日 9:30–18:30')).toBeInTheDocument();
    expect(screen.getByText(brands.creatorbox.companyName.zh, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: brands.creatorbox.filingNumber })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: brands.creatorbox.name.zh })).toHaveAttribute('href', '/');
  });

  it('links the website map page and the help centre of the edition', async () => {
    await renderInLayout(withContents(<Footer />), { env: { edition: 'regional' } });
    const guide = screen.getByRole('region', { name: '运营指南' });
    expect(within(guide).getByRole('link', { name: '网站地图' })).toHaveAttribute('href', '/site-map');
    expect(within(guide).getByRole('link', { name: /帮助中心/ })).toHaveAttribute(
      'href',
      FILLED_CONTENTS.helpCenter.regional,
    );
  });

  it('leads an unset help centre to the Q&A section, under /en in English', async () => {
    const { unmount } = await renderInLayout(<Footer />);
    expect(screen.getByRole('link', { name: '帮助中心' })).toHaveAttribute('href', '/business-college/electricity');
    unmount();
    await renderInLayout(<Footer />, { locale: 'en', env: { edition: 'regional' } });
    expect(screen.getByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      '/en/business-college/electricity',
    );
  });

  it('opens the legal documents in the document modal', async () => {
    const { user, actors } = await renderInLayout(<Footer />);
    await user.click(screen.getByRole('button', { name: '用户协议' }));
    expect(actors.documentModal.getSnapshot().context.layerType).toBe('agreement');
    await user.click(screen.getByRole('button', { name: '隐私政策' }));
    expect(actors.documentModal.getSnapshot().context.layerType).toBe('privacy');
    expect(actors.layer.getSnapshot().value).toBe('hidden');
  });

  it('opens the download and customer-service layers', async () => {
    const { user, actors } = await renderInLayout(<Footer />);
    const download = screen.getByRole('region', { name: '下载' });
    await user.click(within(download).getByRole('button', { name: '客户端下载' }));
    expect(actors.layer.getSnapshot().context.layerType).toBe('clientDownload');
    await user.click(within(download).getByRole('button', { name: '插件下载' }));
    expect(actors.layer.getSnapshot().context.layerType).toBe('pluginDownload');
    await user.click(screen.getByRole('button', { name: '在线客服' }));
    expect(actors.layer.getSnapshot().context.layerType).toBe('customerService');
  });

  it('lists the friendly links as external links that pass no ranking', async () => {
    await renderInLayout(withContents(<Footer />));
    const row = screen.getByRole('region', { name: '友情链接' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['数据站甲', '数据站乙', '指纹浏览器', '账号开户', '云电脑']);
    const hrefs = Object.values(FILLED_CONTENTS.friendlyLinks).map((link) => link?.href);
    links.forEach((link, index) => {
      expect(link).toHaveAttribute('href', hrefs[index]);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener nofollow');
    });
  });

  it('speaks English under /en', async () => {
    await renderInLayout(withContents(<Footer />), { locale: 'en', env: { year: thisYear } });
    for (const group of ['Guides', 'Legal', 'Download', 'Contact', 'Useful links'])
      expect(screen.getByRole('heading', { name: group })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User Agreement' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/en/site-map');
    expect(screen.getByRole('link', { name: 'Data site A' })).toBeInTheDocument();
    expect(screen.getByText(brands.starreach.footerContact!.blurb.en)).toBeInTheDocument();
    expect(
      screen.getByText(`© 2020-${thisYear} ${brands.starreach.companyName.en}`, { exact: false }),
    ).toBeInTheDocument();
  });
});
