/**
 * The plug-in download layer (docs/product.md#pages): version, the plug-in package, the dedicated browser that bundles the
 * plug-in, the ten supported browsers, the three-step flow (download, install, use), the install steps and the
 * tutorial video.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PLUGIN_VERSION, videoPoster } from '#shared/brand';
import { SafeImage } from '~/components/safe-image/safe-image';
import { VideoPlayer } from '~/components/video-player/video-player';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { layout as sizes } from '~/styles/theme.css';
import { button } from './buttons.css';
import { DownloadAction } from './download-action';
import * as styles from './plugin-download.css';
import { browserIcon, SUPPORTED_BROWSERS } from './supported-browsers';

/** The three-step flow of docs/product.md#pages: download, install, use. */
const FLOW = [
  { name: msg`下载`, hint: msg`下载插件安装包或专用浏览器` },
  { name: msg`安装`, hint: msg`在浏览器扩展程序页加载插件` },
  { name: msg`使用`, hint: msg`登录达人广场，开始批量建联` },
];

export function PluginVersionBadge() {
  return <span className={styles.badge}>{PLUGIN_VERSION}</span>;
}

export function PluginDownload() {
  const { t, i18n } = useLingui();
  const { brand, downloads } = usePortalEnv();
  const locale = useLocale();
  const videoWidth = sizes.video.plugin;

  return (
    <div>
      <ol className={styles.flow} aria-label={t`使用流程`}>
        {FLOW.map((step, index) => (
          <li key={step.name.id} className={styles.flowStep}>
            <span className={styles.flowNumber} aria-hidden="true">
              {index + 1}
            </span>
            <span>
              <strong className={styles.flowName}>{i18n._(step.name)}</strong>
              <span className={styles.flowHint}>{i18n._(step.hint)}</span>
            </span>
          </li>
        ))}
      </ol>

      <div className={styles.columns}>
        <div className={styles.main}>
          <VideoPlayer
            afterFirstFrame
            src={brand.downloads.pluginVideo}
            poster={videoPoster(brand.id, 'plugin-tutorial', locale)}
            width={videoWidth}
            height={Math.round((videoWidth * 9) / 16)}
            title={t`插件安装教程`}
          />
          <section>
            <h3 className={styles.sectionTitle}>
              <Trans>安装步骤</Trans>
            </h3>
            <ol className={styles.steps}>
              <li>
                <Trans>下载插件安装包（.zip）到电脑。</Trans>
              </li>
              <li>
                <Trans>解压安装包，得到插件文件夹。</Trans>
              </li>
              <li>
                <Trans>在浏览器中打开扩展程序页面，开启“开发者模式”。</Trans>
              </li>
              <li>
                <Trans>点击“加载已解压的扩展程序”，选择解压后的文件夹。</Trans>
              </li>
              <li>
                <Trans>打开短视频平台的达人广场（创作者市场），通过插件登录后即可使用。</Trans>
              </li>
            </ol>
          </section>
        </div>

        <div className={styles.side}>
          <section className={styles.card}>
            <h3 className={styles.sectionTitle}>
              <Trans>插件安装包</Trans>
            </h3>
            <p className={styles.cardText}>
              <Trans>适用于下方列出的浏览器，版本 {PLUGIN_VERSION}。</Trans>
            </p>
            <a className={`${button()} ${styles.cardButton}`} href={brand.downloads.plugin} download>
              <Trans>下载插件</Trans>
            </a>
          </section>
          <section className={styles.card}>
            <h3 className={styles.sectionTitle}>
              <Trans>专用浏览器</Trans>
            </h3>
            <p className={styles.cardText}>
              <Trans>
                专用浏览器已内置插件，无需开启开发者模式，下载安装即可使用。适合 Mac 用户及无法开启开发者模式的用户。
              </Trans>
            </p>
            <DownloadAction
              block
              className={`${button({ tone: 'secondary' })} ${styles.cardButton}`}
              href={downloads?.pluginBrowser}
            >
              <Trans>下载专用浏览器</Trans>
            </DownloadAction>
          </section>
          <section>
            <h3 className={styles.sectionTitle}>
              <Trans>支持的浏览器</Trans>
            </h3>
            <ul className={styles.browsers}>
              {SUPPORTED_BROWSERS.map((browser) => (
                <li key={browser.id} className={styles.browser}>
                  {/* Lazy: WebKit builds each SVG icon's document (with its text) in the frame that first
                      shows it; loaded after the first layout, the ten icons no longer hold the layer back. */}
                  <SafeImage
                    className={styles.browserIcon}
                    src={browserIcon(browser.id)}
                    alt=""
                    width={24}
                    height={24}
                    loading="lazy"
                  />
                  {i18n._(browser.name)}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
