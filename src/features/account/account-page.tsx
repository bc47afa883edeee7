/**
 * The seller's own account (/account, /en/account): profile, password, phone, WeChat, devices, data and closure,
 * run by the account machine (machines/account) with the account calls (src/lib/api/account.ts). A closing account
 * (closure asked for, cooling-off period running) sees only "cancel the closure"; a closure signs out here.
 * Signed out, the route sends the visitor to the login, which comes back here. A WeChat is bound by scanning a bind
 * code in the QR panel of the login (src/features/auth/scan-login, `variant="bind"`); the account then loads again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { accountMachine } from '#machines/account/account.machine';
import { type AccountRequest, type AccountView, selectAccountView } from '#machines/account/account.selectors';
import { forceLogout, readStoredSession, signIn } from '~/app/session';
import { toast } from '~/components/toast/toast';
import { networkFailure } from '~/features/auth/api-errors';
import { SubmitButton } from '~/features/auth/form-parts';
import type { ScanEffects } from '~/features/auth/scan-login/effects';
import { LazyScanPanel } from '~/features/auth/scan-login/lazy-scan-panel';
import type { Account, AccountSession } from '~/lib/api/account';
import * as api from '~/lib/api/account';
import * as styles from './account.css';
import {
  ClosureSection,
  ClosureStatement,
  DataSection,
  DevicesSection,
  PasswordSection,
  PhoneSection,
  ProfileSection,
  useDateTime,
  WechatSection,
} from './sections';

/** The calls the page makes, replaceable in tests. */
export interface AccountEffects {
  loadAccount(): Promise<Account>;
  submit(request: AccountRequest): Promise<unknown>;
  cancelClosure(): Promise<Account>;
  listSessions(): Promise<AccountSession[]>;
  exportAccount(): Promise<unknown>;
  /** The bind code's QR panel effects (tests); the browser's are the panel's own (a bind code, its poll). */
  wechatScan?: ScanEffects;
}

export const browserAccountEffects: AccountEffects = {
  loadAccount: api.getAccount,
  submit(request) {
    switch (request.kind) {
      case 'profile':
        return api.saveProfile(request.body);
      case 'password':
        return api.changePassword(request.body);
      case 'phone':
        return api.changePhone(request.body);
      case 'revokeSession':
        return api.revokeSession({ sessionId: request.sessionId });
      case 'revokeOthers':
        return api.revokeSession({ others: true });
      case 'unbindWechat':
        return api.unbindWechat(request.body);
      case 'close':
        return api.closeAccount(request.body);
    }
  },
  cancelClosure: api.cancelClosure,
  listSessions: api.listSessions,
  exportAccount: api.exportAccount,
};

/** The header's name and the stored userInfo follow a new nickname at once. */
async function followNickname(account: Account) {
  const stored = readStoredSession().userInfo;
  if (stored) await signIn({ ...stored, userName: account.nickname, nickname: account.nickname });
}

/** Saves the export as a JSON file. */
function download(data: unknown, name: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function AccountPage({ effects = browserAccountEffects }: { effects?: AccountEffects }) {
  const { t } = useLingui();
  const latest = useRef(effects);
  latest.current = effects;
  const closedText = t`账号已申请注销，已在所有设备上退出登录`;
  const actor = useActorRef(
    accountMachine.provide({
      actors: {
        loadAccount: fromPromise(() => latest.current.loadAccount()),
        submit: fromPromise(({ input }: { input: AccountRequest }) => latest.current.submit(input)),
        cancelClosure: fromPromise(() => latest.current.cancelClosure()),
      },
      actions: {
        applied: (_, { request, result }) => {
          if (request.kind === 'profile') void followNickname(result as Account);
        },
        closedNow: () => {
          toast.success(closedText);
          forceLogout();
        },
      },
    }),
  );
  const view = useSelector(actor, selectAccountView);
  const submit = (request: AccountRequest) => actor.send({ type: 'section.submit', request });
  const linkedText = t`微信已绑定`;
  // The scan bound a WeChat: the account (its binding) loads again; the panel says so meanwhile.
  const onLinked = () => {
    toast.success(linkedText);
    latest.current.loadAccount().then(
      (account) => actor.send({ type: 'account.changed', account }),
      () => {},
    );
  };

  return (
    <main className={styles.page} aria-busy={view.state === 'loading' || undefined}>
      <h1 className={styles.title}>
        <Trans>账号设置</Trans>
      </h1>
      <Body
        view={view}
        submit={submit}
        effects={latest}
        onRetry={() => actor.send({ type: 'page.retry' })}
        onLinked={onLinked}
      >
        <ClosingView view={view} onCancel={() => actor.send({ type: 'closure.cancel' })} />
      </Body>
    </main>
  );
}

function Body({
  view,
  submit,
  effects,
  onRetry,
  onLinked,
  children,
}: {
  view: AccountView;
  submit: (request: AccountRequest) => void;
  effects: { current: AccountEffects };
  onRetry: () => void;
  onLinked: () => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  if (view.state === 'loading')
    return (
      <p className={styles.muted} role="status">
        <Trans>正在加载账号信息…</Trans>
      </p>
    );
  if (view.state === 'loadFailed')
    return (
      <div className={styles.section}>
        <p className={styles.alert} role="alert">
          {view.failure?.message || i18n._(networkFailure)}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={onRetry}>
            <Trans>重试</Trans>
          </button>
        </div>
      </div>
    );
  if (view.state === 'closing' || view.state === 'cancelling') return children;
  if (view.state === 'closed')
    return (
      <p className={styles.text} role="status">
        <Trans>账号已申请注销，已在所有设备上退出登录</Trans>
      </p>
    );
  const account = view.account as Account;
  return <Sections account={account} view={view} submit={submit} effects={effects} onLinked={onLinked} />;
}

function Sections({
  account,
  view,
  submit,
  effects,
  onLinked,
}: {
  account: Account;
  view: AccountView;
  submit: (request: AccountRequest) => void;
  effects: { current: AccountEffects };
  onLinked: () => void;
}) {
  const { t } = useLingui();
  const [sessions, setSessions] = useState<AccountSession[] | null | 'failed'>(null);
  const revokes = view.outcome?.kind === 'revokeSession' || view.outcome?.kind === 'revokeOthers';
  // The list loads with the page and again after each sign-out (of one device, all others, or a password change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloaded once per outcome.
  useEffect(() => {
    let current = true;
    effects.current.listSessions().then(
      (list) => current && setSessions(list),
      () => current && setSessions('failed'),
    );
    return () => {
      current = false;
    };
  }, [revokes ? view.outcome : null, view.outcome?.kind === 'password' ? view.outcome : null]);
  const props = { account, view, submit };
  const links: [string, string][] = [
    ['profile', t`基本资料`],
    ['password', t`登录密码`],
    ['phone', t`手机号`],
    ['wechat', t`微信`],
    ['devices', t`登录设备`],
    ['data', t`我的数据`],
    ['closure', t`注销账号`],
  ];
  return (
    <>
      <nav aria-label={t`账号设置`}>
        <ul className={styles.nav}>
          {links.map(([id, name]) => (
            <li key={id}>
              <a className={styles.navLink} href={`#${id}`}>
                {name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileSection {...props} />
      <PasswordSection {...props} />
      <PhoneSection {...props} />
      <WechatSection {...props} bind={<WechatBind scan={effects.current.wechatScan} onLinked={onLinked} />} />
      <DevicesSection {...props} sessions={sessions} />
      <DataSection
        onExport={async () => {
          const data = await effects.current.exportAccount();
          download(data, `account-${account.userId}.json`);
        }}
      />
      <ClosureSection {...props} />
    </>
  );
}

/** Bind a WeChat: a button, then the bind code's QR panel (its code is made only when the seller asks). */
function WechatBind({ scan, onLinked }: { scan?: ScanEffects; onLinked: () => void }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => setOpen(true)} data-testid="wechat-bind">
          <Trans>扫码绑定微信</Trans>
        </button>
      </div>
    );
  return (
    <Suspense fallback={null}>
      <LazyScanPanel variant="bind" effects={scan} onLinked={onLinked} />
    </Suspense>
  );
}

/** A closing account: when its data goes, and the only thing to do, cancel the closure (built from the server's answer). */
function ClosingView({ view, onCancel }: { view: AccountView; onCancel: () => void }) {
  const { i18n, t } = useLingui();
  const format = useDateTime();
  const closure = view.closure;
  if (!closure) return null;
  const erasesAt = format(closure.erasesAt);
  const requestedAt = format(closure.requestedAt);
  return (
    <section className={styles.section} aria-labelledby="closing-title">
      <h2 id="closing-title" className={styles.sectionTitle}>
        <Trans>账号正在注销</Trans>
      </h2>
      <p className={styles.text}>
        <Trans>
          您在 {requestedAt} 申请了注销账号。冷静期将于 {erasesAt}{' '}
          结束，届时您的个人数据将被删除。在此之前，您可以撤销注销，账号将恢复正常。
        </Trans>
      </p>
      <ClosureStatement />
      {view.failure ? (
        <p className={styles.alert} role="alert">
          {view.failure.message || i18n._(networkFailure)}
        </p>
      ) : null}
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (!view.busy) onCancel();
        }}
      >
        <SubmitButton busy={view.state === 'cancelling'} busyLabel={t`提交中…`}>
          <Trans>撤销注销</Trans>
        </SubmitButton>
      </form>
    </section>
  );
}
