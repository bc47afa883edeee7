/**
 * The landing after sign-in (WORKBENCH_URL's default, docs/product.md#pages "the workbench home"): who is signed in,
 * the trial's days left and the next steps: the Windows client or the browser plug-in (the site's download
 * layers, per brand and settings), the account page and the business college's getting-started articles. The
 * server renders it for the signed-in seller only (server/workbench/ puts them in the portal environment as
 * `seller`). On a phone the client and the workbench are out of reach: the page says to continue on a computer
 * and offers this page's link to copy or to send to oneself.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { localizePath } from '#shared/locale';
import { PAGES } from '#shared/routes';
import { useAppActors } from '~/app/actors-context';
import { usePortalEnv } from '~/lib/portal-env';
import { useHydrated } from '~/lib/use-hydrated';
import { useLocale } from '~/lib/use-locale';
import * as styles from './landing-page.css';

/** The account page (its own feature builds it). */
const ACCOUNT_PATH = '/account';
/** The college's getting-started section (the e-commerce primer) and the articles a new seller needs first. */
const GETTING_STARTED_SECTION = '/business-college/ecommerce-intro';
const FIRST_ARTICLES = {
  trial: '/business-college/electricity/2005',
  plugin: '/business-college/electricity/2002',
  creators: '/business-college/ecommerce-intro/1001',
} as const;

function Greeting() {
  const { t } = useLingui();
  const { seller, brand } = usePortalEnv();
  const locale = useLocale();
  const brandName = brand.name[locale];
  if (!seller)
    return (
      <h1 className={styles.title}>
        <Trans>欢迎使用{brandName}</Trans>
      </h1>
    );
  // The name is the seller's own text: a plain string (never markup a message's tags could be read in).
  const { name, trialDaysLeft: days } = seller;
  return (
    <>
      <h1 className={styles.title}>{t`欢迎，${name}`}</h1>
      <p className={styles.trial} data-testid="landing-trial">
        {days > 0 ? (
          <Trans>
            免费试用还剩 <strong className={styles.days}>{days}</strong> 天
          </Trans>
        ) : (
          <Trans>免费试用已结束，联系顾问即可开通正式版本。</Trans>
        )}
      </p>
    </>
  );
}

/** Copy or send this page's link to oneself, to open it on a computer. */
function ContinueOnComputer({ link }: { link: string }) {
  const { t } = useLingui();
  const { brand } = usePortalEnv();
  const locale = useLocale();
  const [status, setStatus] = useState('');
  const inputId = useId();
  const brandName = brand.name[locale];
  const subject = t`在电脑上继续使用${brandName}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus(t`链接已复制，在电脑浏览器中打开即可。`);
    } catch {
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
      setStatus(t`无法自动复制，链接已选中，请长按复制。`);
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: subject, url: link });
    } catch {
      // Cancelled by the seller: nothing to say.
    }
  };

  // The share sheet where the browser has one (known only once hydrated, so the server's HTML matches), else e-mail.
  const canShare = useHydrated() && typeof navigator.share === 'function';
  const mailto = `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(link)}`;

  return (
    <section className={styles.computer} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.sectionTitle}>
        <Trans>请在电脑上继续</Trans>
      </h2>
      <p className={styles.text}>
        <Trans>
          客户端和工作台都在电脑上使用（客户端仅支持 Windows，Mac
          请用浏览器插件）。把这个链接发给自己，在电脑上打开并登录即可开始。
        </Trans>
      </p>
      <label className={styles.linkLabel} htmlFor={inputId}>
        <Trans>本页链接</Trans>
      </label>
      <input id={inputId} className={styles.linkField} type="url" value={link} readOnly />
      <div className={styles.actions}>
        <button type="button" className={styles.primaryAction} onClick={copy}>
          <Trans>复制链接</Trans>
        </button>
        {canShare ? (
          <button type="button" className={styles.secondaryAction} onClick={share}>
            <Trans>发送给自己</Trans>
          </button>
        ) : (
          <a className={styles.secondaryAction} href={mailto}>
            <Trans>用邮件发送给自己</Trans>
          </a>
        )}
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>
    </section>
  );
}

function Downloads() {
  const { layer } = useAppActors();
  return (
    <li className={styles.step}>
      <h3 className={styles.stepTitle}>
        <Trans>安装客户端或插件</Trans>
      </h3>
      <p className={styles.text}>
        <Trans>Windows 电脑请下载客户端；Mac 或其他浏览器请安装浏览器插件，装好后用本账号登录。</Trans>
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primaryAction}
          onClick={() => layer.send({ type: 'layer.open', layerType: 'clientDownload' })}
        >
          <Trans>下载 Windows 客户端</Trans>
        </button>
        <button
          type="button"
          className={styles.secondaryAction}
          onClick={() => layer.send({ type: 'layer.open', layerType: 'pluginDownload' })}
        >
          <Trans>安装浏览器插件</Trans>
        </button>
      </div>
    </li>
  );
}

export function LandingPage() {
  const { isMobile } = usePortalEnv();
  const locale = useLocale();
  // The page's public origin (the router's context; a test's router has none: the window's).
  const origin = useRouter().options.context?.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const at = (path: string) => localizePath(path, locale);
  const link = `${origin}${at(PAGES.workbench.path)}`;

  return (
    <main className={styles.page} data-variant={isMobile ? 'phone' : 'desktop'}>
      <div className={styles.card}>
        <Greeting />
        {isMobile && <ContinueOnComputer link={link} />}
        <h2 className={styles.sectionTitle}>
          <Trans>接下来</Trans>
        </h2>
        <ol className={styles.steps}>
          {!isMobile && <Downloads />}
          <li className={styles.step}>
            <h3 className={styles.stepTitle}>
              <Trans>管理账号</Trans>
            </h3>
            <p className={styles.text}>
              <Trans>修改昵称、密码和手机号，查看已登录的设备，绑定或解绑微信。</Trans>
            </p>
            <a className={styles.secondaryAction} href={at(ACCOUNT_PATH)}>
              <Trans>打开账号设置</Trans>
            </a>
          </li>
          <li className={styles.step}>
            <h3 className={styles.stepTitle}>
              <Trans>阅读入门文章</Trans>
            </h3>
            <ul className={styles.articles}>
              <li>
                <a href={at(FIRST_ARTICLES.trial)}>
                  <Trans>免费试用包含什么</Trans>
                </a>
              </li>
              <li>
                <a href={at(FIRST_ARTICLES.plugin)}>
                  <Trans>插件如何安装与更新</Trans>
                </a>
              </li>
              <li>
                <a href={at(FIRST_ARTICLES.creators)}>
                  <Trans>在达人广场和达人库中找到合适的达人</Trans>
                </a>
              </li>
            </ul>
            <a className={styles.secondaryAction} href={at(GETTING_STARTED_SECTION)}>
              <Trans>进入商学院入门栏目</Trans>
            </a>
          </li>
        </ol>
      </div>
    </main>
  );
}
