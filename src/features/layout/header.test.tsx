import { act, fireEvent, screen, within } from '@testing-library/react';
import { brands } from '#shared/brand';
import { FILLED_CONTENTS, withContents } from '~/lib/brand-contents.fixture';
import { Header, MobileHeader } from './header';
import pluginIcon from './icons/plugin.svg';
import pluginSelectedIcon from './icons/plugin-selected.svg';
import windowsSelectedIcon from './icons/windows-selected.svg';
import { renderInLayout } from './test-utils';

function entryLabels() {
  const nav = screen.getByRole('navigation', { name: /主导航|Main navigation/ });
  return within(nav)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.parentElement === nav)
    .map((item) => item.querySelector('a, button')?.firstChild?.textContent);
}

describe('Header', () => {
  it('shows the eight entries in order in the main edition once the brand has its centres', async () => {
    await renderInLayout(withContents(<Header />));
    expect(entryLabels()).toEqual([
      '首页',
      '客户端下载',
      '插件下载',
      '帮助中心',
      '工作台',
      '运营中心',
      '问答中心',
      '文章资讯',
    ]);
    expect(screen.getByRole('link', { name: /运营中心/ })).toHaveAttribute('href', FILLED_CONTENTS.operationCenter);
    const help = screen.getByRole('link', { name: /帮助中心/ });
    expect(help).toHaveAttribute('href', FILLED_CONTENTS.helpCenter.main);
    expect(help).toHaveAttribute('target', '_blank');
  });

  it('hides Operation Center and swaps the help link in the regional edition', async () => {
    await renderInLayout(withContents(<Header />), { env: { edition: 'regional' } });
    expect(entryLabels()).toEqual(['首页', '客户端下载', '插件下载', '帮助中心', '工作台', '问答中心', '文章资讯']);
    const help = screen.getByRole('link', { name: /帮助中心/ });
    expect(help).toHaveAttribute('href', FILLED_CONTENTS.helpCenter.regional);
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener');
  });

  it('shows no unset centre: no Operation Center, and Help Center leads to the Q&A section', async () => {
    await renderInLayout(
      withContents(<Header />, { helpCenter: { main: null, regional: null }, operationCenter: null }),
    );
    expect(entryLabels()).toEqual(['首页', '客户端下载', '插件下载', '帮助中心', '工作台', '问答中心', '文章资讯']);
    expect(screen.queryByRole('link', { name: /运营中心/ })).toBeNull();
    const help = screen.getByRole('link', { name: '帮助中心' });
    expect(help).toHaveAttribute('href', '/business-college/electricity');
    expect(help).not.toHaveAttribute('target');
  });

  it('leads the help fallback to the English Q&A section under /en, in both editions', async () => {
    const unset = { helpCenter: { main: null, regional: null }, operationCenter: null };
    const { unmount } = await renderInLayout(withContents(<Header />, unset), { locale: 'en', path: '/en' });
    expect(screen.getByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      '/en/business-college/electricity',
    );
    unmount();
    await renderInLayout(withContents(<Header />, unset), { locale: 'en', path: '/en', env: { edition: 'regional' } });
    expect(screen.getByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      '/en/business-college/electricity',
    );
  });

  it('shows no made-up address by default, for either brand', async () => {
    for (const brandId of ['starreach', 'creatorbox'] as const) {
      const { container, unmount } = await renderInLayout(<Header />, { env: { brandId } });
      const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
      expect(hrefs.filter((href) => /\.example\b/.test(href) && !href.startsWith('https://work'))).toEqual([]);
      expect(screen.getByRole('link', { name: '帮助中心' })).toHaveAttribute('href', '/business-college/electricity');
      unmount();
    }
  });

  it('links the logo, internal pages and the workbench', async () => {
    await renderInLayout(<Header />, { env: { workbenchUrl: 'https://work.example/app' } });
    expect(screen.getByRole('link', { name: brands.starreach.name.zh })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '问答中心' })).toHaveAttribute('href', '/business-college/electricity');
    expect(screen.getByRole('link', { name: '文章资讯' })).toHaveAttribute('href', '/business-college/ecommerce-intro');
    const workbench = screen.getByRole('link', { name: '工作台' });
    expect(workbench).toHaveAttribute('href', 'https://work.example/app');
    expect(workbench).not.toHaveAttribute('target');
  });

  it("shows the wordmark in the page's language: 星达通 / 达人宝 on Chinese pages, the Latin name on English ones", async () => {
    const { unmount } = await renderInLayout(<Header />, { env: { brandId: 'creatorbox' } });
    expect(screen.getByRole('img', { name: '达人宝' })).toHaveAttribute('src', '/brand/creatorbox/logo-zh.svg');
    unmount();
    await renderInLayout(<Header />, { locale: 'en', path: '/en' });
    expect(screen.getByRole('img', { name: 'StarReach' })).toHaveAttribute('src', '/brand/starreach/logo.svg');
  });

  it('highlights the entry of the current page only', async () => {
    await renderInLayout(<Header />, { path: '/business-college/electricity?page=2' });
    expect(screen.getByRole('link', { name: '问答中心' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: '文章资讯' })).not.toHaveAttribute('aria-current');
  });

  it('highlights Home on the home page, but not on its sub-pages', async () => {
    const { router } = await renderInLayout(<Header />, { path: '/' });
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    await act(() => router.navigate({ href: '/business-college/electricity/42' }));
    expect(await screen.findByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: '问答中心' })).not.toHaveAttribute('aria-current');
  });

  it('shows English labels and English paths under /en', async () => {
    await renderInLayout(withContents(<Header />), { locale: 'en', path: '/en/business-college/ecommerce-intro' });
    expect(entryLabels()).toEqual([
      'Home',
      'Desktop client',
      'Browser plug-in',
      'Help Center',
      'Workbench',
      'Operations Center',
      'Q&A',
      'Articles',
    ]);
    const articles = screen.getByRole('link', { name: 'Articles' });
    expect(articles).toHaveAttribute('href', '/en/business-college/ecommerce-intro');
    expect(articles).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    expect(screen.getByRole('link', { name: brands.starreach.name.en })).toHaveAttribute('href', '/en');
  });

  it('opens the plug-in layer from Plugin Download', async () => {
    const { user, actors } = await renderInLayout(<Header />);
    await user.click(screen.getByRole('button', { name: '插件下载' }));
    expect(actors.layer.getSnapshot().value).toBe('shown');
    expect(actors.layer.getSnapshot().context.layerType).toBe('pluginDownload');
  });

  it('opens the client layer when Client Download is clicked with the pointer', async () => {
    const { user, actors } = await renderInLayout(<Header />);
    await user.click(screen.getByRole('button', { name: '客户端下载' }));
    expect(actors.layer.getSnapshot().context.layerType).toBe('clientDownload');
  });

  it('shows the download sub-menu on hover and swaps the icon of the hovered item', async () => {
    const { user, actors } = await renderInLayout(<Header />);
    const trigger = screen.getByRole('button', { name: '客户端下载' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.hover(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('选择下载方式')).toBeVisible();

    const plugin = screen.getByRole('button', { name: '浏览器插件' });
    const icon = () => plugin.querySelector('img')?.getAttribute('src');
    expect(icon()).toBe(pluginIcon);
    await user.hover(plugin);
    expect(icon()).toBe(pluginSelectedIcon);
    fireEvent.mouseLeave(plugin);
    expect(icon()).toBe(pluginIcon);

    await user.click(plugin);
    expect(actors.layer.getSnapshot().context.layerType).toBe('pluginDownload');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('works the sub-menu from the keyboard', async () => {
    const { user, actors } = await renderInLayout(<Header />);
    const trigger = screen.getByRole('button', { name: '客户端下载' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const windows = screen.getByRole('button', { name: 'Windows 客户端' });
    expect(windows).toHaveFocus();
    expect(windows.querySelector('img')).toHaveAttribute('src', windowsSelectedIcon);
    // The keyboard opened the sub-menu rather than the layer.
    expect(actors.layer.getSnapshot().value).toBe('hidden');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: '浏览器插件' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(windows).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(actors.layer.getSnapshot().context.layerType).toBe('clientDownload');
  });

  it('renders the user centre and the language switcher with the page', async () => {
    await renderInLayout(<Header />);
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('MobileHeader', () => {
  it('shows only the logo and the language switcher', async () => {
    await renderInLayout(<MobileHeader />, { locale: 'en', path: '/en/register' });
    expect(screen.getByRole('link', { name: brands.starreach.name.en })).toHaveAttribute('href', '/en');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
