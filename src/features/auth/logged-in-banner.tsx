/** "You are logged in" with the go-to-workbench link (docs/product.md#pages "/login … go to workbench"), shown after hydration. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '~/app/use-session';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './auth-page.css';
import { useHydrated } from './form-parts';
import { workbenchFor } from './navigation';

export function LoggedInBanner() {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const { loggedIn, userName } = useSession();
  const { workbenchUrl } = usePortalEnv();
  const locale = useLocale();
  if (!hydrated || !loggedIn) return null;
  return (
    <section className={styles.banner} aria-label={t`登录状态`}>
      <span>{userName ? <Trans>您已登录：{userName}</Trans> : <Trans>您已登录</Trans>}</span>
      {/* A plain link: the workbench is a server page, not a route of this app. */}
      <a className={styles.bannerButton} href={workbenchFor(workbenchUrl, locale)}>
        <Trans>进入工作台</Trans>
      </a>
    </section>
  );
}
