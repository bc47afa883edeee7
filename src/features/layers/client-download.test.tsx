import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brands } from '~/lib/brand';
import { ClientDownload } from './client-download';
import { renderWithLayers } from './test-utils';

const starreach = brands.starreach;

describe('ClientDownload', () => {
  it('on Windows offers the installer, the tutorial video and the way to the plug-in', async () => {
    await renderWithLayers(<ClientDownload onShowPlugin={() => {}} />, { env: { platform: 'windows' } });
    const download = screen.getByRole('link', { name: '立即下载' });
    expect(download).toHaveAttribute('href', starreach.downloads.client);
    expect(download).toHaveAttribute('download');
    const video = screen.getByLabelText('客户端使用教程', { selector: 'video' });
    expect(video).toHaveAttribute('src', starreach.downloads.clientVideo);
    expect(video).toHaveAttribute('poster', '/brand/starreach/posters/client-tutorial.zh.svg');
    expect(video).toHaveAttribute('width', '420');
    expect(screen.getByText(/支持 Windows 7\/10\/11 64 位系统/)).toBeInTheDocument();
    expect(screen.queryByText('客户端仅支持 Windows 系统')).not.toBeInTheDocument();
  });

  it.each(['mac', 'other'] as const)(
    'on %s explains it is Windows only and offers the alternatives instead',
    async (platform) => {
      const user = userEvent.setup();
      const onShowPlugin = vi.fn();
      await renderWithLayers(<ClientDownload onShowPlugin={onShowPlugin} />, { env: { platform } });

      const notice = screen.getByRole('region', { name: '客户端仅支持 Windows 系统' });
      expect(screen.queryByRole('link', { name: '立即下载' })).not.toBeInTheDocument();
      expect(document.querySelector(`a[href="${starreach.downloads.client}"]`)).toBeNull();

      expect(within(notice).getByRole('link', { name: '专用浏览器' })).toHaveAttribute(
        'href',
        starreach.downloads.pluginBrowser,
      );
      expect(within(notice).getByRole('link', { name: '云电脑' })).toHaveAttribute(
        'href',
        'https://www.cloudpc.example/',
      );
      await user.click(within(notice).getByRole('button', { name: '浏览器插件' }));
      expect(onShowPlugin).toHaveBeenCalledTimes(1);
    },
  );

  it('uses the other brand’s downloads and English text', async () => {
    await renderWithLayers(<ClientDownload onShowPlugin={() => {}} />, {
      locale: 'en',
      env: { brandId: 'creatorbox' },
    });
    expect(screen.getByRole('link', { name: 'Download now' })).toHaveAttribute(
      'href',
      brands.creatorbox.downloads.client,
    );
    expect(screen.getByRole('button', { name: 'browser plug-in' })).toBeInTheDocument();
    expect(screen.queryByText('Windows only', { exact: false })).not.toBeInTheDocument();
  });

  it('explains the Windows-only rule in English too', async () => {
    await renderWithLayers(<ClientDownload onShowPlugin={() => {}} />, { locale: 'en', env: { platform: 'mac' } });
    const notice = screen.getByRole('region', { name: 'The client runs on Windows only' });
    expect(within(notice).getByRole('button', { name: 'Plug-in' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Dedicated browser' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Cloud computer' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download now' })).not.toBeInTheDocument();
  });
});
