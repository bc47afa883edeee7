/**
 * A user's page: the account, trial end, attribution, live sessions (revoke one or all), the WeChat binding
 * (unbind), the ban (with a reason) and the closure state. The phone stays masked; showing it in full is its own
 * confirmed, audited action. Every action goes through the action-confirm machine (components/action-panel.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import type { ActionRequest } from '#machines/console/action.selectors';
import { ActionPanel, useConsoleAction } from '../components/action-panel';
import { ColumnHeads } from '../components/column-heads';
import { Link } from '../components/link';
import { ErrorState, Loading, PageHeading } from '../components/states';
import { consoleApi, type Data } from '../lib/api';
import { formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';
import * as ui from '../styles/ui.css';

type UserPage = Data<'user'>;

/** Runs a confirmed action on the account; resolves with the server's answer. */
export function performUserAction(request: ActionRequest, reason: string): Promise<unknown> {
  const id = request.targetId;
  switch (request.kind) {
    case 'ban':
      return consoleApi.ban(id, reason);
    case 'unban':
      return consoleApi.unban(id);
    case 'revokeOne':
      return consoleApi.revokeSessions(id, { sessionId: request.itemId ?? '' });
    case 'revokeAll':
      return consoleApi.revokeSessions(id, { all: true });
    case 'unbindWechat':
      return consoleApi.unbindWechat(id);
    case 'revealPhone':
      return consoleApi.revealPhone(id);
    default:
      return Promise.reject(new Error(request.kind));
  }
}

export function UserPage() {
  const { userId } = useParams({ strict: false }) as { userId: string };
  const { t, i18n } = useLingui();
  const { state, reload, set } = useLoad(() => consoleApi.user(userId), [userId]);
  const [phone, setPhone] = useState<string | null>(null);
  const action = useConsoleAction(performUserAction, (request, result) => {
    if (request.kind === 'revealPhone') {
      const revealed = result as Data<'revealPhone'>;
      setPhone(`+${revealed.countryCode} ${revealed.phone}`);
    } else if (result && typeof result === 'object' && 'id' in result) set(result as UserPage);
  });
  const request = (r: ActionRequest) => action.send({ type: 'action.request', request: r });
  const time = (iso: string | null | undefined) => formatTime(iso, i18n.locale);

  if (state.status === 'error' && !state.data)
    return (
      <>
        <PageHeading>
          <Trans>用户详情</Trans>
        </PageHeading>
        <ErrorState message={state.error.message} onRetry={reload} />
        <Link to="/users">
          <Trans>返回用户列表</Trans>
        </Link>
      </>
    );
  if (!state.data) return <Loading />;
  const user = state.data;
  const attribution = Object.entries(user.registeInfo);
  const methodNames: Record<string, string> = { password: t`密码表单`, sms: t`短信一步注册`, wechat: t`微信` };

  return (
    <>
      <PageHeading>
        <Trans>
          用户 {user.nickname}（{user.phoneMasked}）
        </Trans>
      </PageHeading>
      <p>
        <Link to="/users">
          <Trans>返回用户列表</Trans>
        </Link>
      </p>
      <ActionPanel actor={action} />
      <section className={ui.card} aria-labelledby="account-title">
        <h2 id="account-title" className={ui.subheading}>
          <Trans>账号</Trans>
        </h2>
        <dl className={ui.definitions}>
          <dt className={ui.term}>
            <Trans>手机号</Trans>
          </dt>
          <dd className={ui.detail}>
            <span data-testid="phone">{phone ?? `+${user.countryCode} ${user.phoneMasked}`}</span>{' '}
            {!phone && (
              <button
                type="button"
                className={ui.button({ tone: 'link' })}
                onClick={() => request({ kind: 'revealPhone', targetId: user.id })}
              >
                <Trans>显示完整手机号</Trans>
              </button>
            )}
          </dd>
          <dt className={ui.term}>ID</dt>
          <dd className={ui.detail}>{user.id}</dd>
          <dt className={ui.term}>
            <Trans>品牌</Trans>
          </dt>
          <dd className={ui.detail}>{user.brand}</dd>
          <dt className={ui.term}>
            <Trans>渠道</Trans>
          </dt>
          <dd className={ui.detail}>
            {user.channelId} · {user.clientId}
          </dd>
          <dt className={ui.term}>
            <Trans>邀请码</Trans>
          </dt>
          <dd className={ui.detail}>{user.inviteCode ?? '—'}</dd>
          <dt className={ui.term}>
            <Trans>注册时间</Trans>
          </dt>
          <dd className={ui.detail}>
            {time(user.createdAt)} · {user.createdAddress} ·{' '}
            {user.signupMethod ? methodNames[user.signupMethod] : t`未记录`}
          </dd>
          <dt className={ui.term}>
            <Trans>试用到期</Trans>
          </dt>
          <dd className={ui.detail}>{time(user.trialEndsAt)}</dd>
          <dt className={ui.term}>
            <Trans>首次进入工作台</Trans>
          </dt>
          <dd className={ui.detail}>{time(user.firstWorkbenchAt)}</dd>
          <dt className={ui.term}>
            <Trans>注销</Trans>
          </dt>
          <dd className={ui.detail} data-testid="closure">
            {user.closure
              ? t`已申请注销（${time(user.closure.requestedAt)}），将于 ${time(user.closure.erasesAt)} 删除`
              : user.closed
                ? t`已注销`
                : t`无`}
          </dd>
        </dl>
      </section>

      <section className={ui.card} aria-labelledby="ban-title">
        <h2 id="ban-title" className={ui.subheading}>
          <Trans>封禁</Trans>
        </h2>
        {user.ban ? (
          <>
            <p data-testid="ban-state">
              <span className={ui.badge()}>{t`已封禁`}</span> {time(user.ban.at)}
              {user.ban.reason ? ` · ${t`原因`}: ${user.ban.reason}` : ''}
            </p>
            <button type="button" className={ui.button()} onClick={() => request({ kind: 'unban', targetId: user.id })}>
              <Trans>解除封禁</Trans>
            </button>
          </>
        ) : (
          <>
            <p data-testid="ban-state">
              <Trans>未封禁</Trans>
            </p>
            <button
              type="button"
              className={ui.button({ tone: 'danger' })}
              onClick={() => request({ kind: 'ban', targetId: user.id, needsReason: true })}
            >
              <Trans>封禁账号</Trans>
            </button>
          </>
        )}
      </section>

      <section className={ui.card} aria-labelledby="sessions-title">
        <h2 id="sessions-title" className={ui.subheading}>
          <Trans>登录设备（{user.sessions.length}）</Trans>
        </h2>
        {user.sessions.length === 0 ? (
          <p>
            <Trans>没有在线的设备</Trans>
          </p>
        ) : (
          <>
            <table className={ui.table}>
              <ColumnHeads>
                <Trans>登录时间</Trans>
                <Trans>最近活动</Trans>
                <Trans>地址</Trans>
                <Trans>设备</Trans>
                <Trans>操作</Trans>
              </ColumnHeads>
              <tbody>
                {user.sessions.map((session) => (
                  <tr key={session.id}>
                    <td className={ui.cell}>{time(session.createdAt)}</td>
                    <td className={ui.cell}>{time(session.lastSeenAt)}</td>
                    <td className={ui.cell}>{session.address}</td>
                    <td className={ui.cell}>{session.userAgent ?? '—'}</td>
                    <td className={ui.cell}>
                      <button
                        type="button"
                        className={ui.button()}
                        aria-label={t`下线 ${session.address} 的设备`}
                        onClick={() => request({ kind: 'revokeOne', targetId: user.id, itemId: session.id })}
                      >
                        <Trans>下线</Trans>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              <button
                type="button"
                className={ui.button({ tone: 'danger' })}
                onClick={() => request({ kind: 'revokeAll', targetId: user.id })}
              >
                <Trans>下线全部设备</Trans>
              </button>
            </p>
          </>
        )}
      </section>

      <section className={ui.card} aria-labelledby="wechat-title">
        <h2 id="wechat-title" className={ui.subheading}>
          <Trans>微信绑定</Trans>
        </h2>
        {user.wechat ? (
          <>
            <p>
              <Trans>
                已绑定：{user.wechat.nickname ?? '—'}（{time(user.wechat.boundAt)}）
              </Trans>
            </p>
            <button
              type="button"
              className={ui.button()}
              onClick={() => request({ kind: 'unbindWechat', targetId: user.id })}
            >
              <Trans>解绑微信</Trans>
            </button>
          </>
        ) : (
          <p>
            <Trans>未绑定微信</Trans>
          </p>
        )}
      </section>

      <section className={ui.card} aria-labelledby="attribution-title">
        <h2 id="attribution-title" className={ui.subheading}>
          <Trans>来源</Trans>
        </h2>
        {attribution.length === 0 ? (
          <p>
            <Trans>没有记录来源</Trans>
          </p>
        ) : (
          <dl className={ui.definitions}>
            {attribution.map(([key, value]) => (
              <Fragment key={key}>
                <dt className={ui.term}>{key}</dt>
                <dd className={ui.detail}>{value}</dd>
              </Fragment>
            ))}
          </dl>
        )}
      </section>
    </>
  );
}
