import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { introVideo, PLUGIN_VERSION, WORKBENCH_PICTURES, workbenchPicture } from '#shared/brand';
import { useAppActors } from '~/app/actors-context';
import { VideoPlayer } from '~/components/video-player/video-player';
import { figures, withFigures } from '~/lib/figures';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './hero-section.css';
import { TrialLink } from './trial-link';

export const HERO_TITLE_ID = 'home-hero-title';

const INTRO_VIDEO = { width: 640, height: 360 };

/** The four marketing claims of docs/product.md#what-it-does-and-for-whom, as big numbers. */
const CLAIMS = [
  { value: msg({ message: '{creators}' }), label: msg`带货达人` },
  { value: msg({ message: '{videos}' }), label: msg`短视频素材` },
  { value: msg`数万`, label: msg`日触达达人` },
  { value: msg({ message: '{laborSaved}' }), label: msg`最高节省人力` },
];

function Claims() {
  const { i18n } = useLingui();
  return (
    <ul className={styles.claims}>
      {CLAIMS.map((claim) => (
        <li key={claim.value.id} className={styles.claim}>
          <strong className={styles.claimValue}>{withFigures(i18n, claim.value)}</strong>
          <span className={styles.claimLabel}>{i18n._(claim.label)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Value proposition, the three ways in (trial, client, plug-in), the intro video and the claims. */
export function HeroSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const { brand } = usePortalEnv();
  const { layer } = useAppActors();
  const brandName = brand.name[locale];
  const slogan = brand.slogan[locale];
  const { creators } = figures(locale);

  return (
    <section className={styles.hero} aria-labelledby={HERO_TITLE_ID}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.tagline}>
            <span className={styles.brandName}>{brandName}</span>
            <span aria-hidden="true" className={styles.taglineDot} />
            <span>{slogan}</span>
          </p>
          <h1 id={HERO_TITLE_ID} className={styles.title}>
            <Trans>
              找达人、发邀约、管合作，
              <br />
              一个工具全搞定
            </Trans>
          </h1>
          <p className={styles.subtitle}>
            <Trans>
              从 {creators} 带货达人里筛出对的人，批量邀约、私信和发邮件；达人用外语回复时，AI
              帮你写好回复。多个店铺同时运营，一个人就能盯住。
            </Trans>
          </p>
          <div className={styles.actions}>
            <TrialLink className={styles.primaryAction}>
              <Trans>免费试用</Trans>
            </TrialLink>
            <button
              type="button"
              className={styles.secondaryAction}
              onClick={() => layer.send({ type: 'layer.open', layerType: 'clientDownload' })}
            >
              <Trans>下载客户端</Trans>
            </button>
            <button
              type="button"
              className={styles.secondaryAction}
              onClick={() => layer.send({ type: 'layer.open', layerType: 'pluginDownload' })}
            >
              <Trans>安装插件</Trans>
            </button>
          </div>
          <p className={styles.note}>
            <Trans>注册即可免费试用 · Windows 客户端 · 浏览器插件 {PLUGIN_VERSION}（Mac 可用）</Trans>
          </p>
        </div>
        <div className={styles.media}>
          <VideoPlayer
            src={introVideo(brand.id, locale)}
            // A picture of the workbench itself (scripts/make-workbench.ts), small enough for the first paint.
            poster={workbenchPicture(brand.id, 'hero', locale, WORKBENCH_PICTURES.hero.width)}
            width={INTRO_VIDEO.width}
            height={INTRO_VIDEO.height}
            title={t`${brandName}产品介绍视频`}
          />
        </div>
      </div>
      <div className={styles.claimsBand}>
        <Claims />
      </div>
    </section>
  );
}
