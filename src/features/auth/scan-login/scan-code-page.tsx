/**
 * /scan_code (docs/product.md#pages; phones only — the server sends desktops home): the WeChat QR panel full width in the
 * auth shell, with the long-press hint, and links back to login and registration (the query string is kept,
 * for attribution and the invite code).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { localizePath } from '#shared/locale';
import { useLocale } from '~/lib/use-locale';
import * as styles from '../auth-page.css';
import { AuthShell } from '../auth-shell';
import { LoggedInBanner } from '../logged-in-banner';
import { ScanPanel } from './scan-panel';
import { WeChatSignIn } from './wechat-browser';

export function ScanCodePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  return (
    <AuthShell
      banner={<LoggedInBanner />}
      title={t`微信扫码登录`}
      footer={
        <>
          <Link className={styles.link} to={localizePath('/login', locale)} search={true}>
            <Trans>账号密码登录</Trans>
          </Link>
          <Link className={styles.link} to={localizePath('/register', locale)} search={true}>
            <Trans>注册新账号</Trans>
          </Link>
        </>
      }
    >
      <WeChatSignIn />
      <ScanPanel variant="page" redirect={search.redirect} />
    </AuthShell>
  );
}
