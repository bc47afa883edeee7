/**
 * The account page's sections: each shows what the account holds and sends its change to the page's machine
 * (machines/account) as `section.submit`; the machine's outcome says whether it was done or what the server said
 * (its message, in the page's language).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { AccountRequest, AccountRequestKind, AccountView } from '#machines/account/account.selectors';
import { DEFAULT_COUNTRY } from '~/components/country-select/countries';
import { networkFailure } from '~/features/auth/api-errors';
import { PasswordField, TextField } from '~/features/auth/fields';
import { FormNotice, SubmitButton } from '~/features/auth/form-parts';
import { FormPhoneField, SmsCodeField } from '~/features/auth/sms-code-field';
import { collectErrors, useForm } from '~/features/auth/use-form';
import {
  checkCode,
  checkNickname,
  checkPassword,
  checkPhone,
  normalizePhone,
  validationMessages,
} from '~/features/auth/validation';
import type { Account, AccountSession, ChangePhoneInput } from '~/lib/api/account';
import * as styles from './account.css';
import { ProofFields, useProof } from './proof';

export type Submit = (request: AccountRequest) => void;

export interface SectionProps {
  account: Account;
  view: AccountView;
  submit: Submit;
}

const failedGeneric = msg`操作失败，请稍后再试`;

/** Days between a closure and the erasure; the contract's CLOSURE_COOLING_OFF_DAYS (a test checks they agree). */
export const COOLING_OFF_DAYS = 15;

/** A time as the seller reads it, in the page's language. */
export function useDateTime() {
  const { i18n } = useLingui();
  return (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : 'zh-CN', {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(iso))
      : '—';
}

/** The last outcome when it is this section's: done (status) or the server's message (alert). */
export function Outcome({ view, kinds, done }: { view: AccountView; kinds: AccountRequestKind[]; done: ReactNode }) {
  const { i18n } = useLingui();
  const outcome = view.outcome;
  if (!outcome || !kinds.includes(outcome.kind)) return null;
  if (outcome.ok)
    return (
      <p className={styles.done} role="status">
        {done}
      </p>
    );
  const { failure } = outcome;
  const text = failure.message || i18n._(failure.status === 0 ? networkFailure : failedGeneric);
  return (
    <p className={styles.alert} role="alert">
      {text}
    </p>
  );
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ProfileSection({ account, view, submit }: SectionProps) {
  const { t } = useLingui();
  const form = useForm<'nickname'>({ nickname: account.nickname }, ['nickname']);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.busy) return;
    if (!form.showErrors(collectErrors({ nickname: checkNickname(form.values.nickname) }))) return;
    submit({ kind: 'profile', body: { nickname: form.values.nickname.trim() } });
  };
  const format = useDateTime();
  return (
    <Section id="profile" title={<Trans>基本资料</Trans>}>
      <dl className={styles.facts}>
        <dt className={styles.factName}>
          <Trans>手机号</Trans>
        </dt>
        <dd className={styles.factValue}>{account.phone}</dd>
        <dt className={styles.factName}>
          <Trans>注册时间</Trans>
        </dt>
        <dd className={styles.factValue}>{format(account.createdAt)}</dd>
        <dt className={styles.factName}>
          <Trans>试用到期</Trans>
        </dt>
        <dd className={styles.factValue}>{format(account.trialEndsAt)}</dd>
      </dl>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`修改昵称`}>
        <TextField
          name="nickname"
          label={t`昵称`}
          autoComplete="nickname"
          maxLength={64}
          value={form.values.nickname}
          onValue={(value) => form.setValue('nickname', value)}
          error={form.errors.nickname}
          inputRef={form.inputRef('nickname')}
        />
        <Outcome view={view} kinds={['profile']} done={<Trans>昵称已保存</Trans>} />
        <SubmitButton busy={view.pending === 'profile'} busyLabel={t`保存中…`}>
          <Trans>保存昵称</Trans>
        </SubmitButton>
      </form>
    </Section>
  );
}

export function PasswordSection({ account, view, submit }: SectionProps) {
  const { t } = useLingui();
  const proof = useProof(account.hasPassword, account.countryCode);
  const form = useForm<'password'>({ password: '' }, ['password']);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.busy) return;
    const newOk = form.showErrors(
      collectErrors({ password: checkPassword(form.values.password, validationMessages.newPasswordRequired) }),
    );
    if (!proof.check() || !newOk) return;
    const given = proof.body();
    submit({
      kind: 'password',
      body:
        'password' in given
          ? { oldPassword: given.password as string, password: form.values.password }
          : { code: given.code as string, password: form.values.password },
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared once per outcome.
  useEffect(() => {
    if (view.outcome?.kind === 'password' && view.outcome.ok) {
      form.setValue('password', '');
      proof.reset();
    }
  }, [view.outcome]);
  return (
    <Section id="password" title={<Trans>登录密码</Trans>}>
      <p className={styles.text}>
        {account.hasPassword ? (
          <Trans>修改密码后，其他设备上的登录会全部退出。</Trans>
        ) : (
          <Trans>账号还没有设置密码：用短信验证码验证后即可设置。设置后，其他设备上的登录会全部退出。</Trans>
        )}
      </p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`修改密码`}>
        <ProofFields proof={proof} purpose="verify" hasPassword={account.hasPassword} maskedPhone={account.phone} />
        <PasswordField
          name="newPassword"
          label={t`新密码`}
          autoComplete="new-password"
          hint={t`8 到 64 个字符，不能使用过于常见的密码`}
          value={form.values.password}
          onValue={(value) => form.setValue('password', value)}
          error={form.errors.password}
          inputRef={form.inputRef('password')}
        />
        <Outcome view={view} kinds={['password']} done={<Trans>密码已修改，其他设备已退出登录</Trans>} />
        <SubmitButton busy={view.pending === 'password'} busyLabel={t`提交中…`}>
          {account.hasPassword ? <Trans>修改密码</Trans> : <Trans>设置登录密码</Trans>}
        </SubmitButton>
      </form>
    </Section>
  );
}

export function PhoneSection({ account, view, submit }: SectionProps) {
  const { t } = useLingui();
  const proof = useProof(account.hasPassword, account.countryCode);
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const form = useForm<'phone' | 'code'>({ phone: '', code: '' }, ['phone', 'code']);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.busy) return;
    const proved = proof.check();
    const newOk = form.showErrors(
      collectErrors({
        phone: checkPhone(form.values.phone, countryCode, validationMessages.phoneRequired),
        code: checkCode(form.values.code),
      }),
    );
    if (!proved || !newOk) return;
    const given = proof.body();
    submit({
      kind: 'phone',
      body: {
        countryCode: countryCode as ChangePhoneInput['countryCode'],
        phone: normalizePhone(form.values.phone),
        code: form.values.code.trim(),
        ...('password' in given ? { oldPassword: given.password as string } : { oldCode: given.code as string }),
      },
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared once per outcome.
  useEffect(() => {
    if (view.outcome?.kind === 'phone' && view.outcome.ok) {
      form.setValue('phone', '');
      form.setValue('code', '');
      proof.reset();
    }
  }, [view.outcome]);
  return (
    <Section id="phone" title={<Trans>手机号</Trans>}>
      <p className={styles.text}>
        <Trans>当前手机号：{account.phone}。更换后，原手机号可以重新注册新账号。</Trans>
      </p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`更换手机号`}>
        <ProofFields proof={proof} purpose="verify" hasPassword={account.hasPassword} maskedPhone={account.phone} />
        <p className={styles.muted}>
          <Trans>新手机号</Trans>
        </p>
        <FormPhoneField form={form} countryCode={countryCode} onCountry={setCountryCode} />
        <SmsCodeField form={form} countryCode={countryCode} purpose="change_phone" />
        <Outcome view={view} kinds={['phone']} done={<Trans>手机号已更换</Trans>} />
        <SubmitButton busy={view.pending === 'phone'} busyLabel={t`提交中…`}>
          <Trans>更换手机号</Trans>
        </SubmitButton>
      </form>
    </Section>
  );
}

export function WechatSection({ account, view, submit, bind }: SectionProps & { bind?: ReactNode }) {
  const { t } = useLingui();
  const format = useDateTime();
  const proof = useProof(account.hasPassword, account.countryCode);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.busy || !proof.check()) return;
    submit({ kind: 'unbindWechat', body: proof.body() });
  };
  const wechat = account.wechat;
  return (
    <Section id="wechat" title={<Trans>微信</Trans>}>
      {wechat ? (
        <>
          <p className={styles.text}>
            <Trans>
              已绑定微信：{wechat.nickname ?? t`微信用户`}（{format(wechat.boundAt)} 绑定）。绑定后可以用微信扫码登录。
            </Trans>
          </p>
          <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`解除微信绑定`}>
            <ProofFields proof={proof} purpose="verify" hasPassword={account.hasPassword} maskedPhone={account.phone} />
            <Outcome view={view} kinds={['unbindWechat']} done={null} />
            <SubmitButton busy={view.pending === 'unbindWechat'} busyLabel={t`提交中…`}>
              <Trans>解除绑定</Trans>
            </SubmitButton>
          </form>
        </>
      ) : (
        <>
          <p className={styles.text}>
            <Trans>未绑定微信。绑定后可以用微信扫码登录。</Trans>
          </p>
          <Outcome view={view} kinds={['unbindWechat']} done={<Trans>已解除微信绑定</Trans>} />
          {bind}
        </>
      )}
    </Section>
  );
}

export function DevicesSection({
  view,
  submit,
  sessions,
}: SectionProps & { sessions: AccountSession[] | null | 'failed' }) {
  const { t } = useLingui();
  const format = useDateTime();
  const unknown = t`未知`;
  return (
    <Section id="devices" title={<Trans>登录设备</Trans>}>
      {sessions === null ? (
        <p className={styles.muted} role="status">
          <Trans>正在加载…</Trans>
        </p>
      ) : sessions === 'failed' ? (
        <p className={styles.alert} role="alert">
          <Trans>登录设备加载失败，请刷新页面重试</Trans>
        </p>
      ) : (
        <ul className={styles.devices}>
          {sessions.map((session) => {
            const name = `${session.browser ?? unknown} · ${session.system ?? unknown}`;
            return (
              <li key={session.id} className={styles.device} data-testid="device">
                <div>
                  <p className={styles.deviceName}>
                    {name}
                    {session.current ? (
                      <span className={styles.badge}>
                        <Trans>本设备</Trans>
                      </span>
                    ) : null}
                  </p>
                  <p className={styles.muted}>
                    <Trans>
                      首次登录 {format(session.firstSeenAt)} · 最近活动 {format(session.lastSeenAt)} · IP{' '}
                      {session.address}
                    </Trans>
                  </p>
                </div>
                {session.current ? null : (
                  <button
                    type="button"
                    className={styles.button}
                    aria-disabled={view.busy || undefined}
                    aria-label={t`退出 ${name} 的登录`}
                    onClick={() => {
                      if (!view.busy) submit({ kind: 'revokeSession', sessionId: session.id });
                    }}
                  >
                    <Trans>退出登录</Trans>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Outcome view={view} kinds={['revokeSession', 'revokeOthers']} done={<Trans>已退出所选设备的登录</Trans>} />
      {Array.isArray(sessions) && sessions.some((session) => !session.current) ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.button}
            aria-disabled={view.busy || undefined}
            onClick={() => {
              if (!view.busy) submit({ kind: 'revokeOthers' });
            }}
          >
            <Trans>退出其他所有设备</Trans>
          </button>
        </div>
      ) : null}
    </Section>
  );
}

export function DataSection({ onExport }: { onExport: () => Promise<void> }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <Section id="data" title={<Trans>我的数据</Trans>}>
      <p className={styles.text}>
        <Trans>
          下载我们保存的与您有关的全部信息（JSON
          格式）：账号资料、注册来源、登录设备、文章点赞、微信绑定、封禁记录和账号操作记录。
        </Trans>
      </p>
      {state === 'failed' ? (
        <p className={styles.alert} role="alert">
          {i18n._(networkFailure)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          aria-disabled={state === 'busy' || undefined}
          onClick={() => {
            if (state === 'busy') return;
            setState('busy');
            onExport().then(
              () => setState('idle'),
              () => setState('failed'),
            );
          }}
        >
          {state === 'busy' ? <Trans>准备中…</Trans> : <Trans>下载我的数据</Trans>}
        </button>
      </div>
    </Section>
  );
}

/** The closure statement: the privacy policy's own words (content/legal/privacy.*.md, 8.1 "close your account"). */
export function ClosureStatement() {
  const days = COOLING_OFF_DAYS;
  return (
    <p className={styles.text}>
      <Trans>
        注销申请提交后，您的账号将立即退出所有设备，并进入 {days}{' '}
        天冷静期：冷静期内再次登录时，您只能选择撤销注销，撤销后账号恢复正常。冷静期满后，我们将删除您的手机号、昵称、密码、微信绑定、登录设备记录和短信验证码记录，该手机号可以重新注册；为统计所需，文章点赞等不能识别您身份的记录将被保留，账号的操作记录仅保留注销时间。注销完成后您将无法登录，账号数据和剩余会员权益将被清除且不可恢复，已支付的费用不予退还，法律法规另有强制性规定的除外。
      </Trans>
    </p>
  );
}

export function ClosureSection({ account, view, submit }: SectionProps) {
  const { t } = useLingui();
  const proof = useProof(account.hasPassword, account.countryCode);
  const [agreed, setAgreed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.busy) return;
    const proved = proof.check();
    setNotice(agreed ? null : t`请先确认您已了解注销的后果`);
    if (!proved || !agreed) return;
    submit({ kind: 'close', body: proof.body() });
  };
  return (
    <Section id="closure" title={<Trans>注销账号</Trans>}>
      <ClosureStatement />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`注销账号`}>
        <ProofFields proof={proof} purpose="close" hasPassword={account.hasPassword} maskedPhone={account.phone} />
        <label className={styles.check}>
          <input type="checkbox" name="agree" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          <Trans>我已了解以上内容，确认注销账号</Trans>
        </label>
        <FormNotice>{notice}</FormNotice>
        <Outcome view={view} kinds={['close']} done={<Trans>账号已申请注销</Trans>} />
        <SubmitButton busy={view.pending === 'close'} busyLabel={t`提交中…`}>
          <Trans>注销账号</Trans>
        </SubmitButton>
      </form>
    </Section>
  );
}
