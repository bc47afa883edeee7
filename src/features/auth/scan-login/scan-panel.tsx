/**
 * The WeChat QR panel (docs/product.md#pages "/scan_code", #states scan flow, #errors-and-messages messages): the login page's third tab
 * and the mobile /scan_code page. It draws what the scan-login machine's view says — creating, the code with
 * its time left (scanned: an overlay; expired: Reload), not bound (bind now / register with WeChat, and their
 * forms), the three successes, bind failed, account banned, create failed — and sends the visitor's choices
 * back as events. On the account page (`variant="bind"`) the code is a bind code of the signed-in account: it
 * ends "bound" (`onLinked`: the page shows the binding) or bind failed (the WeChat is bound to another account),
 * and the login's agreement is not shown. Every state has a heading (focused when the state changes while the visitor was in the
 * panel) and is announced in a polite live region; the time left is announced only at whole minutes and at
 * 30 and 10 seconds.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ScanLoginEvent, ScanView, WxLoginForm } from '#machines/scan-login/scan-login.selectors';
import { useAppActors } from '~/app/actors-context';
import { areasReady, loadLocale } from '~/lib/i18n';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { visuallyHidden } from '~/styles/a11y.css';
import { describeFailure, networkFailure } from '../api-errors';
import { AgreementNotice } from '../form-parts';
import { formatTimeLeft, milestoneOf, useSecondsLeft } from './countdown';
import * as demoStyles from './demo-aid.css';
import {
  bindScanEffects,
  browserScanEffects,
  createQrCodeEarly,
  pageCode,
  type ScanEffects,
  type ScanEffectsContext,
} from './effects';
import { QR_PLACEHOLDER_SRC } from './qr-placeholder';
import { BindForm, WechatRegisterForm } from './scan-forms';
import * as styles from './scan-panel.css';
import { scanRuntime, useScanLogin } from './use-scan-login';

export type ScanPanelVariant = 'tab' | 'page' | 'bind';

export interface ScanPanelProps {
  /**
   * `tab`: the login page's tab (desktop); `page`: /scan_code on a phone (long-press hint); `bind`: the account
   * page's bind code (no login, no agreement).
   */
  variant?: ScanPanelVariant;
  /** `bind`: the scan bound the WeChat to the account. */
  onLinked?: () => void;
  /** `?redirect=` of the login page. */
  redirect?: unknown;
  /** Other effects than the browser's (tests). */
  effects?: ScanEffects;
}

export function ScanPanel({ variant = 'tab', redirect, effects, onLinked }: ScanPanelProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { workbenchUrl, isMobile, analytics, scanCode } = usePortalEnv();
  const context = useRef<ScanEffectsContext>({ i18n, locale, workbenchUrl, isMobile, redirect, analytics });
  context.current = { i18n, locale, workbenchUrl, isMobile, redirect, analytics };
  // /scan_code as the server sent it holds a code made for this view of the page: the panel shows it from the
  // first paint and the machine takes it in place of making one (server/pages/scan-ticket.ts).
  const [fromPage] = useState(() => (variant === 'page' && !effects ? pageCode(scanCode) : null));
  const linked = useRef(onLinked);
  linked.current = onLinked;
  const browser = useMemo(
    () =>
      variant === 'bind'
        ? bindScanEffects(() => linked.current?.())
        : browserScanEffects(() => context.current, fromPage),
    [fromPage, variant],
  );
  // /scan_code without a code from the server shows nothing until it has one: ask for it and load the machine as
  // the page hydrates, side by side (the chunks are preloaded by the page's HTML). With the server's code the
  // machine loads once the page has hydrated (its first poll is 2 s away), out of the hydration's long task.
  useState(() => {
    if (variant !== 'page' || effects || fromPage || typeof window === 'undefined') return;
    createQrCodeEarly();
    scanRuntime.load().catch(() => {});
  });
  // Effects given (tests): the page is told of a bind code's `linked` as with the browser's.
  const given = useMemo(
    () =>
      effects && {
        ...effects,
        completeLink: () => {
          effects.completeLink?.();
          linked.current?.();
        },
      },
    [effects],
  );
  const { view, send } = useScanLogin(given ?? browser, fromPage);

  // The forms and the agreement notice use the auth area's messages (fields, captcha); /scan_code loads only
  // this area before it hydrates, so what needs them is drawn once they are there (at once when they already are:
  // on the server, and on /scan_code, which loads them before it hydrates, so the notice is in the first HTML).
  const [authMessages, setAuthMessages] = useState(() => areasReady(locale, ['scan', 'auth']));
  useEffect(() => {
    let current = true;
    loadLocale(locale, ['scan', 'auth']).then(
      () => current && setAuthMessages(true),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [locale]);

  return <ScanPanelView view={view} send={send} variant={variant} agreement={authMessages && variant !== 'bind'} />;
}

const CHECK_PATH = 'M7 12.5l3.2 3.2L17 9';

function SuccessIcon({ className = styles.successIcon }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d={CHECK_PATH} fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function WarningIcon({ className = styles.warningIcon }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M12 6.5v7M12 17v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

const headings = {
  creating: msg`正在生成二维码…`,
  createFailed: msg`二维码生成失败`,
  waiting: msg`请使用微信扫一扫登录`,
  scanned: msg`扫码成功，请在手机上确认登录`,
  expired: msg`二维码已过期`,
  choose: msg`该微信尚未绑定账号`,
  bind: msg`绑定已有账号`,
  register: msg`使用微信注册`,
  loggedIn: msg`登录成功`,
  bindSuccess: msg`绑定成功`,
  registerSuccess: msg`注册成功`,
  bindFailed: msg`绑定失败`,
  banned: msg`账号已被封禁`,
  linked: msg`微信已绑定`,
} as const;

/** The bind code's own words where the login's would be wrong. */
const bindHeadings = {
  waiting: msg`请使用微信扫一扫绑定`,
  scanned: msg`扫码成功`,
} as const;

type StateKey = keyof typeof headings;

function stateKey(view: ScanView): StateKey {
  return view.kind === 'unbound' ? (view.step === 'choose' ? 'choose' : view.step) : view.kind;
}

function headingOf(key: StateKey, variant: ScanPanelVariant) {
  return variant === 'bind' && (key === 'waiting' || key === 'scanned') ? bindHeadings[key] : headings[key];
}

/** The server's reason for a failure, or what the visitor should know when it gave none. */
function useFailureText(error: unknown): string | null {
  const { i18n } = useLingui();
  if (!error) return null;
  const failure = describeFailure(error, {});
  if (failure.kind === 'toast' && failure.network) return i18n._(networkFailure);
  return failure.message || null;
}

export interface ScanPanelViewProps {
  view: ScanView;
  send: (event: ScanLoginEvent) => void;
  variant?: ScanPanelVariant;
  /** Show the agreement notice (its messages have loaded). */
  agreement?: boolean;
}

/** The panel for one view of the machine (no effects of its own: the tests render it for each state). */
export function ScanPanelView({ view, send, variant = 'tab', agreement = true }: ScanPanelViewProps) {
  const { i18n } = useLingui();
  const key = stateKey(view);
  const heading = i18n._(headingOf(key, variant));
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownKey = useRef(key);
  const headingId = useId();

  // A new state takes the focus once the visitor has used the panel, when the focus was in it (or was lost with
  // the button they pressed); a visitor busy elsewhere on the page, or who has not touched the panel yet, is
  // only told through the live region.
  const engaged = useRef(false);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (!engaged.current) return;
    const active = document.activeElement;
    const inPanel = !active || active === document.body || panelRef.current?.contains(active);
    if (inPanel) headingRef.current?.focus();
  }, [key]);
  const engage = () => {
    engaged.current = true;
  };

  const form = view.kind === 'unbound' && view.step !== 'choose';

  return (
    <section
      ref={panelRef}
      className={form ? styles.formStep : variant === 'page' ? styles.pagePanel : styles.panel}
      aria-labelledby={headingId}
      data-scan-state={key}
      onPointerDown={engage}
      onKeyDown={engage}
    >
      <p className={visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
        {key === 'creating' ? '' : heading}
      </p>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {heading}
      </h2>
      <StateBody view={view} send={send} variant={variant} />
      {agreement ? (
        <div className={styles.agreementSlot}>
          <AgreementNotice />
        </div>
      ) : null}
    </section>
  );
}

function StateBody({ view, send, variant }: Required<Omit<ScanPanelViewProps, 'agreement'>>) {
  switch (view.kind) {
    case 'creating':
      return <CreatingQr />;
    case 'createFailed':
      return <CreateFailed error={view.error} onRetry={() => send({ type: 'scan.reload' })} />;
    case 'waiting':
    case 'scanned':
      return <QrCodeState view={view} variant={variant} onReload={() => send({ type: 'scan.reload' })} />;
    case 'expired':
      return (
        <QrFrame>
          <div className={styles.qrPlaceholder} />
          <div className={styles.overlay}>
            <WarningIcon />
            <span aria-hidden="true">
              <Trans>二维码已过期</Trans>
            </span>
            <button type="button" className={styles.button} onClick={() => send({ type: 'scan.reload' })}>
              <Trans>刷新</Trans>
            </button>
          </div>
        </QrFrame>
      );
    case 'unbound':
      return <Unbound view={view} send={send} />;
    case 'loggedIn':
    case 'bindSuccess':
    case 'registerSuccess':
      return (
        <>
          <SuccessIcon className={styles.bigSuccessIcon} />
          <p className={styles.text}>
            <Trans>正在进入工作台…</Trans>
          </p>
        </>
      );
    case 'linked':
      return (
        <>
          <SuccessIcon className={styles.bigSuccessIcon} />
          <p className={styles.text}>
            <Trans>以后可以用这个微信扫码登录。</Trans>
          </p>
        </>
      );
    case 'bindFailed':
      return (
        <BindFailed
          error={view.error}
          onReload={() => send({ type: 'scan.reload' })}
          fallback={
            variant === 'bind' ? (
              <Trans>该微信已绑定其他账号，请换一个微信扫码。</Trans>
            ) : (
              <Trans>请重新扫码后再试。</Trans>
            )
          }
        />
      );
    case 'banned':
      return <Banned onReload={() => send({ type: 'scan.reload' })} />;
  }
}

function QrFrame({ children }: { children: ReactNode }) {
  return <div className={styles.qrFrame}>{children}</div>;
}

/** The placeholder while the code is made. */
function CreatingQr() {
  return (
    <QrFrame>
      <img className={styles.qrImage} src={QR_PLACEHOLDER_SRC} alt="" width={220} height={220} draggable={false} />
      <div className={styles.qrLoading}>
        <span className={styles.spinner} aria-hidden="true" />
      </div>
    </QrFrame>
  );
}

function TimeLeft({ expiresAt }: { expiresAt: number }) {
  const { t } = useLingui();
  const seconds = useSecondsLeft(expiresAt);
  const time = formatTimeLeft(seconds);
  const milestone = milestoneOf(seconds);
  const minutes = milestone / 60;
  const spoken =
    milestone >= 60 ? t`二维码将在 ${minutes} 分钟后失效` : milestone > 0 ? t`二维码将在 ${milestone} 秒后失效` : '';
  return (
    <>
      <p className={styles.timeLeft} data-seconds-left={seconds}>
        {t`${time} 后二维码失效`}
      </p>
      <p className={visuallyHidden} aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
    </>
  );
}

function QrCodeState({
  view,
  variant,
  onReload,
}: {
  view: Extract<ScanView, { kind: 'waiting' | 'scanned' }>;
  variant: ScanPanelVariant;
  onReload: () => void;
}) {
  const { t } = useLingui();
  const { demo } = usePortalEnv();
  const { qr } = view;
  return (
    <>
      <QrFrame>
        <img
          className={styles.qrImage}
          src={qr.qrcode}
          alt={variant === 'bind' ? t`微信绑定二维码` : t`微信登录二维码`}
          width={220}
          height={220}
          data-qr-url={qr.qrUrl}
          draggable={false}
        />
        {view.kind === 'scanned' ? (
          <div className={styles.overlay}>
            <SuccessIcon />
            <span aria-hidden="true">
              <Trans>扫码成功</Trans>
            </span>
          </div>
        ) : null}
      </QrFrame>
      {variant === 'page' && view.kind === 'waiting' ? (
        <p className={styles.text}>
          <Trans>长按二维码，在微信中识别</Trans>
        </p>
      ) : null}
      <TimeLeft expiresAt={view.expiresAt} />
      {view.retrying ? (
        <p className={styles.warning} role="status">
          <Trans>网络连接不稳定，正在重试…</Trans>
        </p>
      ) : view.paused ? (
        <p className={styles.notice}>
          <Trans>已暂停：页面在后台时不刷新扫码状态</Trans>
        </p>
      ) : null}
      <button type="button" className={styles.refreshButton} onClick={onReload}>
        <Trans>刷新二维码</Trans>
      </button>
      {/* The simulator is a tool for trying the product: offered only in demo mode, and labelled as such. */}
      {demo && qr.simulator && view.kind === 'waiting' ? (
        <a className={demoStyles.demoAid} href={onThisOrigin(qr.qrUrl)} target="_blank" rel="noopener">
          <Trans>演示：在新窗口打开微信模拟器</Trans>
        </a>
      ) : null}
    </>
  );
}

/**
 * The simulator on the origin this page was reached by (a relative address): the QR code keeps the address a
 * phone on the network can reach (the machine's LAN address), which a desktop browser may not reach.
 */
function onThisOrigin(url: string): string {
  const target = new URL(url);
  return `${target.pathname}${target.search}`;
}

function Unbound({
  view,
  send,
}: {
  view: Extract<ScanView, { kind: 'unbound' }>;
  send: (event: ScanLoginEvent) => void;
}) {
  const { nickname } = view;
  if (view.step === 'choose') {
    return (
      <>
        {nickname ? (
          <p className={styles.text}>
            <Trans>
              微信昵称：<span className={styles.strong}>{nickname}</span>
            </Trans>
          </p>
        ) : null}
        <p className={styles.text}>
          <Trans>绑定已有账号后，即可使用微信扫码登录；还没有账号，可以直接使用微信注册。</Trans>
        </p>
        <div className={styles.choices}>
          <button type="button" className={styles.button} onClick={() => send({ type: 'scan.bindNow' })}>
            <Trans>立即绑定</Trans>
          </button>
          <button type="button" className={styles.secondaryButton} onClick={() => send({ type: 'scan.registerNow' })}>
            <Trans>使用微信注册</Trans>
          </button>
        </div>
        <TimeLeft expiresAt={view.expiresAt} />
      </>
    );
  }
  const submit = (form: WxLoginForm) => send({ type: 'scan.submit', form });
  return (
    <>
      <button
        type="button"
        className={styles.textButton}
        onClick={() => send({ type: 'scan.back' })}
        disabled={view.submitting}
      >
        <span aria-hidden="true">‹</span> <Trans>返回</Trans>
      </button>
      {view.step === 'bind' ? (
        <BindForm submitting={view.submitting} error={view.error} onSubmit={submit} />
      ) : (
        <WechatRegisterForm submitting={view.submitting} error={view.error} nickname={nickname} onSubmit={submit} />
      )}
      <TimeLeft expiresAt={view.expiresAt} />
    </>
  );
}

function CreateFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const reason = useFailureText(error);
  return (
    <>
      <QrFrame>
        <div className={styles.qrPlaceholder} />
        <div className={styles.overlay}>
          <WarningIcon />
          <button type="button" className={styles.button} onClick={onRetry}>
            <Trans>重试</Trans>
          </button>
        </div>
      </QrFrame>
      {reason ? <p className={styles.text}>{reason}</p> : null}
    </>
  );
}

function BindFailed({ error, onReload, fallback }: { error: unknown; onReload: () => void; fallback: ReactNode }) {
  const reason = useFailureText(error);
  return (
    <>
      <WarningIcon className={styles.bigWarningIcon} />
      <p className={styles.text}>{reason ?? fallback}</p>
      <button type="button" className={styles.button} onClick={onReload}>
        <Trans>重新扫码</Trans>
      </button>
    </>
  );
}

function Banned({ onReload }: { onReload: () => void }) {
  const { isMobile } = usePortalEnv();
  const { layer } = useAppActors();
  return (
    <>
      <WarningIcon className={styles.bigWarningIcon} />
      <p className={styles.text}>
        <Trans>该微信或其绑定的账号已被封禁，无法登录。如有疑问，请联系客服。</Trans>
      </p>
      <div className={styles.choices}>
        {/* The customer-service layer is part of the desktop layout only. */}
        {isMobile ? null : (
          <button
            type="button"
            className={styles.button}
            aria-haspopup="dialog"
            onClick={() => layer.send({ type: 'layer.open', layerType: 'customerService' })}
          >
            <Trans>联系客服</Trans>
          </button>
        )}
        <button type="button" className={isMobile ? styles.button : styles.secondaryButton} onClick={onReload}>
          <Trans>重新扫码</Trans>
        </button>
      </div>
    </>
  );
}
