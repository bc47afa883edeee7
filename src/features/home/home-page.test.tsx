import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FILLED_CONTENTS, withContents } from '~/lib/brand-contents.fixture';
import { HomePage } from './home-page';
import { renderPage } from './test-utils';

const SECTION_HEADINGS = {
  zh: ['功能介绍', '分销', '安全', '卖家反馈', '合作伙伴', '福利包', '扫码添加'],
  en: ['Features', 'Distribution', 'Security', 'Seller feedback', 'Partners', 'Free resources', 'Talk to us'],
};

const FEATURE_TABS = {
  zh: [
    '批量邀约与私信',
    '达人数据库',
    '短视频素材库',
    '邮件群发',
    'AI 多语言回复',
    '买家消息',
    '竞品达人',
    '定向邀约计划',
    '达人管理系统',
    '多店铺多账号',
  ],
  en: [
    'Bulk invites & DMs',
    'Creator database',
    'Video library',
    'Mass email',
    'AI replies',
    'Buyer messages',
    'Competitor creators',
    'Targeted invites',
    'Creator management',
    'Multiple shops',
  ],
};

const CLAIMS = {
  zh: [
    ['800万+', '带货达人'],
    ['1000万+', '短视频素材'],
    ['数万', '日触达达人'],
    ['90%', '最高节省人力'],
  ],
  en: [
    ['8M+', 'affiliate creators'],
    ['10M+', 'short videos'],
    ['10K+', 'creators reached a day'],
    ['Up to 90%', 'less manual work'],
  ],
};

describe.each(['zh', 'en'] as const)('HomePage in %s', (locale) => {
  it('has one h1 and the seven section headings, in order, each naming its section', async () => {
    await renderPage(withContents(<HomePage />), { locale });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(SECTION_HEADINGS[locale]);
    for (const name of SECTION_HEADINGS[locale]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('shows the four claims as big numbers', async () => {
    await renderPage(<HomePage />, { locale });
    const claims = screen.getAllByRole('listitem').filter((item) => item.querySelector('strong'));
    expect(claims.map((claim) => [claim.querySelector('strong')?.textContent, claim.lastChild?.textContent])).toEqual(
      CLAIMS[locale],
    );
  });

  it('lists the ten features as tabs, with every panel in the page and only the selected one shown', async () => {
    await renderPage(<HomePage />, { locale });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.replace(/^\d+/, ''))).toEqual(FEATURE_TABS[locale]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels).toHaveLength(10);
    expect(panels.filter((panel) => !panel.hidden)).toEqual([panels[0]]);
    for (const [index, panel] of panels.entries()) {
      expect(panel).toHaveAttribute('aria-labelledby', tabs[index].id);
      expect(within(panel).getByRole('heading', { level: 3, hidden: true })).toBeInTheDocument();
      // A picture of the workbench's view of this feature, in the page's language, sharp on dense screens.
      const id = panel.id.replace('home-feature-panel-', '');
      const picture = panel.querySelector('img');
      expect(picture).toHaveAttribute('src', `/brand/starreach/workbench/${id}.${locale}.560.webp`);
      expect(picture).toHaveAttribute(
        'srcset',
        `/brand/starreach/workbench/${id}.${locale}.560.webp 560w, /brand/starreach/workbench/${id}.${locale}.1120.webp 1120w`,
      );
      expect(picture).toHaveAttribute('loading', 'lazy');
    }
  });

  it('offers the welfare pack files in the page language as downloads', async () => {
    await renderPage(<HomePage />, { locale });
    const welfare = screen.getByRole('region', { name: SECTION_HEADINGS[locale][5] });
    const links = within(welfare).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/downloads/welfare/invitation-templates-${locale}.csv`,
      `/downloads/welfare/operation-sop-${locale}.md`,
    ]);
    for (const link of links) expect(link).toHaveAttribute('download');
  });

  it('sends the free trial to registration in the same language, keeping the query string', async () => {
    const { router } = await renderPage(<HomePage />, { locale, search: '?utm_term=creator+tool&bd_vid=abc123' });
    const trial = screen.getByRole('link', { name: locale === 'zh' ? '免费试用' : 'Free trial' });
    const registerPath = locale === 'zh' ? '/register' : '/en/register';
    expect(trial).toHaveAttribute('href', `${registerPath}?utm_term=creator+tool&bd_vid=abc123`);
    await userEvent.click(trial);
    await waitFor(() => expect(router.state.location.pathname).toBe(registerPath));
    expect(router.state.location.search).toEqual({ utm_term: 'creator tool', bd_vid: 'abc123' });
  });

  it('opens the client and plug-in download layers from the hero buttons', async () => {
    const { actors } = await renderPage(<HomePage />, { locale });
    await userEvent.click(screen.getByRole('button', { name: locale === 'zh' ? '下载客户端' : 'Download the client' }));
    expect(actors.layer.getSnapshot().context.layerType).toBe('clientDownload');
    actors.layer.send({ type: 'layer.close' });
    await userEvent.click(screen.getByRole('button', { name: locale === 'zh' ? '安装插件' : 'Install the plug-in' }));
    expect(actors.layer.getSnapshot().context.layerType).toBe('pluginDownload');
  });

  it('ranks the top five categories with badges 1 to 5', async () => {
    await renderPage(<HomePage />, { locale });
    const board = screen.getByRole('list', {
      name: locale === 'zh' ? '本周热门带货类目 Top 5' : 'Top 5 categories this week',
    });
    const labels = within(board)
      .getAllByRole('img')
      .map((badge) => badge.getAttribute('aria-label'));
    expect(labels).toEqual(
      locale === 'zh' ? ['第1名', '第2名', '第3名', '第4名', '第5名'] : ['No. 1', 'No. 2', 'No. 3', 'No. 4', 'No. 5'],
    );
  });
});

describe('HomePage', () => {
  it('moves between feature tabs with the arrow, Home and End keys', async () => {
    await renderPage(<HomePage />);
    const user = userEvent.setup();
    const tabs = screen.getAllByRole('tab');
    await user.click(tabs[0]);
    await user.keyboard('{ArrowDown}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('达人数据库');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('800万+ 带货达人库，筛选后一键导出');
    await user.keyboard('{End}');
    expect(tabs[9]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(tabs[9]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual([tabs[0]]);
  });

  it('shows the brand of the site: brand 2 has its own name, video and community QR', async () => {
    await renderPage(<HomePage />, { brandId: 'creatorbox' });
    expect(screen.getAllByText('达人宝').length).toBeGreaterThan(0);
    expect(screen.queryByText(/星达通/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('达人宝产品介绍视频', { selector: 'video' })).toHaveAttribute(
      'src',
      '/media/creatorbox-tour.zh.mp4',
    );
    expect(screen.getByLabelText('达人宝产品介绍视频', { selector: 'video' })).toHaveAttribute(
      'poster',
      '/brand/creatorbox/workbench/hero.zh.960.webp',
    );
    expect(screen.getByAltText('通过达人把商品分销到多个站点的示意图')).toHaveAttribute(
      'src',
      '/brand/creatorbox/art/distribution-zh.svg',
    );
  });

  it('leaves out seller feedback, partners and the scan block while the brand has none of them', async () => {
    const { container } = await renderPage(<HomePage />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const [features, distribution, safety, , , welfare] = SECTION_HEADINGS.zh;
    expect(headings).toEqual([features, distribution, safety, welfare]);
    expect(screen.queryAllByRole('figure').filter((figure) => figure.querySelector('blockquote'))).toEqual([]);
    expect(container.querySelector('img[src*="qr"]')).toBeNull();
  });

  it('shows brand 1 by default, in English too, with its community QR once set', async () => {
    await renderPage(withContents(<HomePage />), { locale: 'en' });
    expect(screen.getAllByText('StarReach').length).toBeGreaterThan(0);
    expect(screen.getByAltText('WeChat QR code to add a StarReach advisor')).toHaveAttribute(
      'src',
      FILLED_CONTENTS.communityQr,
    );
  });

  it("shows the brand's testimonials, each signed by its one author, and its partner logos by name", async () => {
    await renderPage(withContents(<HomePage />), { locale: 'en' });
    const feedback = screen.getByRole('region', { name: 'Seller feedback' });
    const figures = within(feedback).getAllByRole('figure');
    expect(figures).toHaveLength(2);
    expect(within(figures[0]).getByText('Chen Man')).toBeInTheDocument();
    expect(within(figures[0]).getByAltText(/Chen Man/)).toHaveAttribute('src', '/brand/test/seller-1.png');
    expect(within(figures[1]).getByText('Lin Hao')).toBeInTheDocument();
    const partners = screen.getByRole('region', { name: 'Partners' });
    expect(
      within(partners)
        .getAllByRole('img')
        .map((logo) => logo.getAttribute('alt')),
    ).toEqual(['Partner One', 'Partner Two']);
  });

  it('gives every image alt text and a size, and lazy-loads everything below the hero', async () => {
    const { container } = await renderPage(withContents(<HomePage />));
    const images = [...container.querySelectorAll('img')];
    expect(images.length).toBeGreaterThan(12);
    for (const image of images) {
      expect(image.getAttribute('alt')).toBeTruthy();
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
      expect(image).toHaveAttribute('loading', 'lazy');
    }
  });
});
