import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brands } from '#shared/brand';
import { FILLED_CONTENTS, withContents } from '~/lib/brand-contents.fixture';
import { ClientDownload } from './client-download';
import { renderWithLayers } from './test-utils';

const starreach = brands.starreach;
/** Download addresses as a deployment configures them (CLIENT_DOWNLOAD_URL, BROWSER_DOWNLOAD_URL). */
const downloads = { client: 'https://dl.example/StarReach-Setup.exe', pluginBrowser: 'https://dl.example/Browser.exe' };

describe('ClientDownload', () => {
  it('on Windows offers the installer, the tutorial video and the way to the plug-in', async () => {
    await renderWithLayers(<ClientDownload onShowPlugin={() => {}} />, { env: { platform: 'windows', downloads } });
    const download = screen.getByRole('link', { name: '立即下载' });
    expect(download).toHaveAttribute('href', downloads.client);
    expect(download).toHaveAttribute('download');
    // The dialog's first frame has a box of the video's size; the video element comes a frame later.
    expect(document.querySelector('canvas[data-video-placeholder]')).toHaveAttribute('width', '420');
    const video = await screen.findByLabelText('客户端使用教程', { selector: 'video' });
    expect(document.querySelector('[data-video-placeholder]')).toBeNull();
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
      await renderWithLayers(withContents(<ClientDownload onShowPlugin={onShowPlugin} />), {
        env: { platform, downloads },
      });

      const notice = screen.getByRole('region', { name: '客户端仅支持 Windows 系统' });
      expect(screen.queryByRole('link', { name: '立即下载' })).not.toBeInTheDocument();
      expect(document.querySelector(`a[href="${downloads.client}"]`)).toBeNull();

      expect(within(notice).getByRole('link', { name: '专用浏览器' })).toHaveAttribute('href', downloads.pluginBrowser);
      expect(within(notice).getByRole('link', { name: '云电脑' })).toHaveAttribute(
        'href',
        FILLED_CONTENTS.friendlyLinks.cloudComputer?.href,
      );
      await user.click(within(notice).getByRole('button', { name: '浏览器插件' }));
      expect(onShowPlugin).toHaveBeenCalledTimes(1);
    },
  );

  it('offers no cloud computer while the brand has none', async () => {
    await renderWithLayers(<ClientDownload onShowPlugin={() => {}} />, { env: { platform: 'mac', downloads } });
    const notice = screen.getByRole('region', { name: '客户端仅支持 Windows 系统' });
    expect(within(notice).queryByRole('link', { name: '云电脑' })).toBeNull();
    expect(within(notice).getByRole('button', { name: '浏览器插件' })).toBeInTheDocument();
  });

  it('uses the other brand’s downloads and English text', async () => {
    await renderWithLayers(<ClientDownload onShowPlugin={() => {}} />, {
      locale: 'en',
      env: { brandId: 'creatorbox', downloads: { client: 'https://dl.example/CreatorBox.exe', pluginBrowser: null } },
    });
    expect(screen.getByRole('link', { name: 'Download now' })).toHaveAttribute(
      'href',
      'https://dl.example/CreatorBox.exe',
    );
    expect(screen.getByRole('button', { name: 'browser plug-in' })).toBeInTheDocument();
    expect(screen.queryByText('Windows only', { exact: false })).not.toBeInTheDocument();
  });

  it('explains the Windows-only rule in English too', async () => {
    await renderWithLayers(withContents(<ClientDownload onShowPlugin={() => {}} />), {
      locale: 'en',
      env: { platform: 'mac' },
    });
    const notice = screen.getByRole('region', { name: 'The client runs on Windows only' });
    expect(within(notice).getByRole('button', { name: 'Plug-in' })).toBeInTheDocument();
    // Not configured in this test: the dedicated browser is shown as coming, not as a dead link.
    expect(within(notice).getByRole('button', { name: /^Dedicated browser\s*dev\.\.\.$/ })).toBeDisabled();
    expect(within(notice).getByRole('link', { name: 'Cloud PC' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download now' })).not.toBeInTheDocument();
  });

  it.each(['zh', 'en'] as const)(
    'shows the "dev..." placeholder, not a dead link, when no download is configured (%s)',
    async (locale) => {
      await renderWithLayers(<ClientDownload onShowPlugin={() => {}} />, { locale, env: { platform: 'windows' } });
      expect(screen.queryByRole('link', { name: /立即下载|Download now/ })).not.toBeInTheDocument();
      const pending = screen.getByRole('button', { name: /dev\.\.\.$/ });
      expect(pending).toBeDisabled();
      expect(pending).toHaveAccessibleDescription(
        locale === 'zh' ? '该下载即将开放，敬请期待' : 'This download is coming soon',
      );
      expect(document.querySelector('a[href$=".exe"]')).toBeNull();
    },
  );
});
