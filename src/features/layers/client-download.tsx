/**
 * The client-download layer (docs/product.md#pages): title and description (in the dialog header), the client tutorial
 * video, what the client supports with a way to the plug-in, and the download. The client runs on Windows only
 * (docs/product.md#roles): other systems get an explanation and the three alternatives of docs/product.md#what-it-does-and-for-whom instead of the download.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { videoPoster } from '#shared/brand';
import { VideoPlayer } from '~/components/video-player/video-player';
import { useBrandContents } from '~/lib/brand-contents';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { layout as sizes } from '~/styles/theme.css';
import { button, inlineAction } from './buttons.css';
import * as styles from './client-download.css';
import { DownloadAction } from './download-action';

export interface ClientDownloadProps {
  /** Replaces this layer with the plug-in layer. */
  onShowPlugin: () => void;
}

export function ClientDownload({ onShowPlugin }: ClientDownloadProps) {
  const { t } = useLingui();
  const { brand, platform, downloads } = usePortalEnv();
  const locale = useLocale();
  const videoWidth = sizes.video.client;
  const isWindows = platform === 'windows';

  // The layer keeps its spec size (500×460) on every system: elsewhere than on Windows the notice with the
  // alternatives takes the place of the support line and the download, which it repeats.
  return (
    <div className={styles.layout}>
      {isWindows ? null : <WindowsOnlyNotice onShowPlugin={onShowPlugin} />}
      <VideoPlayer
        afterFirstFrame
        src={brand.downloads.clientVideo}
        poster={videoPoster(brand.id, 'client-tutorial', locale)}
        width={videoWidth}
        height={Math.round((videoWidth * 9) / 16)}
        title={t`客户端使用教程`}
      />
      {isWindows ? (
        <>
          <p className={styles.support}>
            <Trans>
              支持 Windows 7/10/11 64 位系统；Mac 用户请使用
              <button type="button" className={inlineAction()} onClick={onShowPlugin}>
                浏览器插件
              </button>
            </Trans>
          </p>
          <DownloadAction className={button({ size: 'wide' })} href={downloads?.client}>
            <Trans>立即下载</Trans>
          </DownloadAction>
        </>
      ) : null}
    </div>
  );
}

function WindowsOnlyNotice({ onShowPlugin }: ClientDownloadProps) {
  const { downloads } = usePortalEnv();
  // The cloud computer is the friendly link of that kind (shared/brand-contents.ts): offered once the brand has one.
  const cloudComputer = useBrandContents().friendlyLinks.cloudComputer?.href;
  const titleId = useId();
  const alternative = `${button({ tone: 'secondary', size: 'small' })} ${styles.alternative}`;
  return (
    <section className={styles.notice} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.noticeTitle}>
        <Trans>客户端仅支持 Windows 系统</Trans>
      </h3>
      <ul className={styles.alternatives}>
        <li>
          <button type="button" className={alternative} onClick={onShowPlugin}>
            <Trans context="client alternative">浏览器插件</Trans>
          </button>
        </li>
        <li>
          <DownloadAction className={alternative} href={downloads?.pluginBrowser} compact>
            <Trans>专用浏览器</Trans>
          </DownloadAction>
        </li>
        {cloudComputer ? (
          <li>
            <a className={alternative} href={cloudComputer} target="_blank" rel="noopener noreferrer">
              <Trans>云电脑</Trans>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
