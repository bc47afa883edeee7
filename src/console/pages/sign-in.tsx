/** The sign-in form: name, password and the authenticator's 6-digit code (machines/console/sign-in.machine.ts). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { type SignInView, selectSignInView } from '#machines/console/sign-in.selectors';
import type { SignInActor } from '../app/sign-in-actor';
import * as layout from '../styles/layout.css';
import * as ui from '../styles/ui.css';

function Notice({ notice }: { notice: SignInView['notice'] }) {
  const { t } = useLingui();
  if (notice.kind === 'none') return null;
  const text =
    notice.kind === 'wrong'
      ? t`用户名、密码或验证码错误`
      : notice.kind === 'wait'
        ? t`尝试次数过多，请 ${notice.seconds} 秒后再试`
        : notice.kind === 'expired'
          ? t`登录已过期，请重新登录`
          : notice.message || t`登录失败，请稍后再试`;
  return (
    <p role="alert" className={ui.notice({ tone: notice.kind === 'expired' ? 'info' : 'error' })}>
      {text}
    </p>
  );
}

export function SignInPage({ actor, languageSwitch }: { actor: SignInActor; languageSwitch?: React.ReactNode }) {
  const view = useSelector(actor, selectSignInView);
  const ids = { name: useId(), password: useId(), totp: useId() };
  const [form, setForm] = useState({ name: '', password: '', totp: '' });
  const heading = useRef<HTMLHeadingElement>(null);
  const blocked = view.busy || view.state === 'rateLimited';

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const edit = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm((previous) => ({ ...previous, [field]: event.target.value }));
    if (view.state === 'wrongAnswer' || view.state === 'failed') actor.send({ type: 'form.edit' });
  };

  return (
    <main className={layout.signInPage}>
      <form
        className={layout.signInCard}
        method="post"
        aria-labelledby="sign-in-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked) actor.send({ type: 'form.submit', form: { ...form, name: form.name.trim() } });
        }}
      >
        <h1 id="sign-in-title" ref={heading} tabIndex={-1} className={ui.heading}>
          <Trans>运营后台登录</Trans>
        </h1>
        <Notice notice={view.notice} />
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.name}>
            <Trans>用户名</Trans>
          </label>
          <input
            id={ids.name}
            className={ui.input}
            name="name"
            autoComplete="username"
            required
            maxLength={64}
            value={form.name}
            onChange={edit('name')}
          />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.password}>
            <Trans>密码</Trans>
          </label>
          <input
            id={ids.password}
            className={ui.input}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={256}
            value={form.password}
            onChange={edit('password')}
          />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.totp}>
            <Trans>动态验证码（6 位）</Trans>
          </label>
          <input
            id={ids.totp}
            className={ui.input}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            required
            maxLength={6}
            value={form.totp}
            onChange={edit('totp')}
          />
        </div>
        <button type="submit" className={ui.button({ tone: 'primary' })} disabled={blocked} aria-busy={view.busy}>
          {view.state === 'submitting' ? <Trans>登录中…</Trans> : <Trans>登录</Trans>}
        </button>
        {languageSwitch}
      </form>
    </main>
  );
}
