import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brands } from '#shared/brand';
import { PluginDownload, PluginVersionBadge } from './plugin-download';
import { renderWithLayers } from './test-utils';

const downloads = brands.starreach.downloads;

describe('PluginDownload', () => {
  it('shows the version and both downloads', async () => {
    await renderWithLayers(
      <>
        <PluginVersionBadge />
        <PluginDownload />
      </>,
      { env: { downloads: { client: null, pluginBrowser: 'https://dl.example/Browser.exe' } } },
    );
    expect(screen.getByText('v1.0.5')).toBeInTheDocument();
    const plugin = screen.getByRole('link', { name: '下载插件' });
    expect(plugin).toHaveAttribute('href', downloads.plugin);
    expect(plugin).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: '下载专用浏览器' })).toHaveAttribute(
      'href',
      'https://dl.example/Browser.exe',
    );
    expect(screen.getByText(/专用浏览器已内置插件/)).toBeInTheDocument();
  });

  it('shows the dedicated browser as "dev..." when its download is not configured', async () => {
    await renderWithLayers(<PluginDownload />);
    expect(screen.queryByRole('link', { name: '下载专用浏览器' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载专用浏览器dev...' })).toBeDisabled();
    // The plug-in itself ships with the site and is always a link.
    expect(screen.getByRole('link', { name: '下载插件' })).toHaveAttribute('href', downloads.plugin);
  });

  it('lists the 10 supported browsers with their icons', async () => {
    await renderWithLayers(<PluginDownload />);
    const list = screen.getByRole('heading', { name: '支持的浏览器' }).nextElementSibling as HTMLElement;
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chrome',
      'Edge',
      '360安全浏览器',
      '360极速浏览器',
      'QQ浏览器',
      '搜狗浏览器',
      '猎豹浏览器',
      'Firefox',
      'Brave',
      '紫鸟浏览器',
    ]);
    const icons = list.querySelectorAll('img');
    expect(icons).toHaveLength(10);
    expect(icons[0]).toHaveAttribute('src', '/icons/browsers/chrome.svg');
    expect(icons[9]).toHaveAttribute('src', '/icons/browsers/ziniao.svg');
  });

  it('shows the three-step flow, the five install steps and the 600 px video', async () => {
    await renderWithLayers(<PluginDownload />);
    const flow = screen.getByRole('list', { name: '使用流程' });
    expect(
      within(flow)
        .getAllByRole('listitem')
        .map((step) => step.querySelector('strong')?.textContent),
    ).toEqual(['下载', '安装', '使用']);
    const steps = screen.getByRole('heading', { name: '安装步骤' }).nextElementSibling as HTMLElement;
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(5);
    expect(steps).toHaveTextContent('开发者模式');
    expect(steps).toHaveTextContent('加载已解压的扩展程序');
    const video = await screen.findByLabelText('插件安装教程', { selector: 'video' });
    expect(video).toHaveAttribute('src', downloads.pluginVideo);
    expect(video).toHaveAttribute('width', '600');
  });

  it('names the browsers in English on English pages', async () => {
    await renderWithLayers(<PluginDownload />, { locale: 'en' });
    expect(screen.getByText('360 Secure Browser')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Installation steps' })).toBeInTheDocument();
  });
});
