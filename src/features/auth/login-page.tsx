/**
 * /login (docs/product.md#pages): tabs for account login (password or SMS code), quick registration for the trial and the
 * WeChat QR login (its panel loads when the tab first opens), a link to the password reset, "back to
 * login" from the registration tab, and "go to workbench" when the visitor is logged in already.
 * `?tab=register` / `?tab=scan` open those tabs; `?way=sms` opens the SMS way of the login; `?way=reset` shows
 * the password reset in the login tab (a phone's way to it: /forget_password is a desktop page, spec §2);
 * `?redirect=<path>` is where a successful login goes when it is a page of this site.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { type KeyboardEvent, Suspense, useId, useRef, useState } from 'react';
import { localizePath } from '#shared/locale';
import type { FormIntent } from '#shared/portal-env';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import * as styles from './auth-page.css';
import { AuthShell } from './auth-shell';
import { AgreementNotice, useHydrated } from './form-parts';
import { LoggedInBanner } from './logged-in-banner';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetForm } from './reset-form';
import { LazyScanPanel } from './scan-login/lazy-scan-panel';
import { WeChatSignIn } from './scan-login/wechat-browser';

type Tab = 'login' | 'register' | 'scan';
const TABS: Tab[] = ['login', 'register', 'scan'];

function initialTab(tab: unknown, answered: FormIntent | undefined): Tab {
  if (answered === 'register') return 'register';
  if (answered) return 'login';
  return tab === 'register' || tab === 'scan' ? tab : 'login';
}

/** The query with `way` set or removed, the rest kept (the phone's reset form is `?way=reset`). */
const withWay = (way: 'reset' | undefined) => (previous: Record<string, unknown>) => {
  const next = { ...previous };
  if (way) next.way = way;
  else delete next.way;
  return next;
};

export function LoginPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const { brand, isMobile, formAnswer } = usePortalEnv();
  const [tab, setTab] = useState<Tab>(() => initialTab(search.tab, formAnswer?.intent));
  const resetting = tab === 'login' && (search.way === 'reset' || formAnswer?.intent === 'reset');
  const baseId = useId();
  const hydrated = useHydrated();
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());

  const select = (next: Tab, focus = false) => {
    setTab(next);
    if (focus) tabRefs.current.get(next)?.focus();
  };
  // The tabs pattern: arrows move between tabs (and select them), Home/End to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const target =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : null;
    if (!target) return;
    event.preventDefault();
    select(target, true);
  };

  const brandName = brand.name[locale];
  const scanPlaceholder = <div aria-busy="true" className={styles.tabPanel} />;
  const labels: Record<Tab, string> = {
    login: t`账号登录`,
    register: t`快速注册领取试用权益`,
    scan: t`微信扫码登录`,
  };

  return (
    <AuthShell
      banner={<LoggedInBanner />}
      title={tab === 'register' ? t`注册领取免费试用` : resetting ? t`找回密码` : t`欢迎登录${brandName}`}
      footer={
        resetting ? (
          <Link className={styles.link} to={localizePath('/login', locale)} search={withWay(undefined)}>
            <Trans>返回登录</Trans>
          </Link>
        ) : tab !== 'register' ? (
          <>
            {/* A phone resets inside /login: the phone rule sends /forget_password to registration (spec §2). */}
            <Link
              className={styles.link}
              to={localizePath(isMobile ? '/login' : '/forget_password', locale)}
              search={isMobile ? withWay('reset') : undefined}
            >
              <Trans>忘记密码？</Trans>
            </Link>
            <span>
              <Trans>还没有账号？</Trans>{' '}
              <button type="button" className={styles.linkButton} onClick={() => select('register')}>
                <Trans>快速注册</Trans>
              </button>
            </span>
          </>
        ) : (
          <span>
            <Trans>已有账号？</Trans>{' '}
            <button type="button" className={styles.linkButton} onClick={() => select('login')}>
              <Trans>返回登录</Trans>
            </button>
          </span>
        )
      }
    >
      <div className={styles.tabs} role="tablist" aria-label={t`登录或注册`} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabRefs.current.set(name, element);
              else tabRefs.current.delete(name);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => select(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className={styles.tabPanel}
      >
        {resetting ? (
          <ResetForm />
        ) : tab === 'login' ? (
          <>
            {isMobile ? <WeChatSignIn /> : null}
            <LoginForm redirect={search.redirect} way={search.way} />
            <AgreementNotice />
          </>
        ) : tab === 'register' ? (
          <RegisterForm />
        ) : (
          // The server renders the placeholder (renderToString cannot wait for a lazy chunk), the browser the panel.
          <Suspense fallback={scanPlaceholder}>
            {hydrated ? (
              <LazyScanPanel redirect={search.redirect} variant={isMobile ? 'page' : 'tab'} />
            ) : (
              scanPlaceholder
            )}
          </Suspense>
        )}
      </div>
    </AuthShell>
  );
}
