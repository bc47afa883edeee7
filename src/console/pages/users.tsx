/** Find accounts by full phone, last four digits, nickname or invite code, filtered by brand, channel and dates. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ColumnHeads } from '../components/column-heads';
import { Link } from '../components/link';
import { Empty, ErrorState, Loading, PageHeading } from '../components/states';
import { consoleApi, type Query } from '../lib/api';
import { formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';
import * as ui from '../styles/ui.css';

type Filters = { q: string; brand: '' | 'starreach' | 'creatorbox'; channel: string; from: string; to: string };
const EMPTY: Filters = { q: '', brand: '', channel: '', from: '', to: '' };

export function UsersPage() {
  const { t, i18n } = useLingui();
  const ids = { q: useId(), brand: useId(), channel: useId(), from: useId(), to: useId() };
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  // Cursors of the pages before the shown one (the first page has none).
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const { state, reload } = useLoad(() => {
    const query: Partial<Query<'users'>> = {
      q: filters.q.trim(),
      brand: filters.brand || undefined,
      channel: filters.channel === '' ? undefined : Number(filters.channel),
      from: filters.from,
      to: filters.to,
      cursor,
    };
    return consoleApi.users(query);
  }, [filters, cursor]);
  const set = (key: keyof Filters) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft((previous) => ({ ...previous, [key]: event.target.value }));

  const items = state.data?.items ?? [];
  const next = state.data?.nextCursor ?? null;
  return (
    <>
      <PageHeading>
        <Trans>用户</Trans>
      </PageHeading>
      <search>
        <form
          className={ui.card}
          onSubmit={(event) => {
            event.preventDefault();
            setCursors([]);
            setFilters({ ...draft });
          }}
        >
          <div className={ui.row}>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.q}>
                <Trans>手机号、后四位、昵称或邀请码</Trans>
              </label>
              <input id={ids.q} className={ui.input} type="search" maxLength={64} value={draft.q} onChange={set('q')} />
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.brand}>
                <Trans>品牌</Trans>
              </label>
              <select id={ids.brand} className={ui.input} value={draft.brand} onChange={set('brand')}>
                <option value="">{t`全部`}</option>
                <option value="starreach">starreach</option>
                <option value="creatorbox">creatorbox</option>
              </select>
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.channel}>
                <Trans>渠道</Trans>
              </label>
              <input
                id={ids.channel}
                className={ui.input}
                type="number"
                min={0}
                value={draft.channel}
                onChange={set('channel')}
              />
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.from}>
                <Trans>注册日期从</Trans>
              </label>
              <input id={ids.from} className={ui.input} type="date" value={draft.from} onChange={set('from')} />
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.to}>
                <Trans>到</Trans>
              </label>
              <input id={ids.to} className={ui.input} type="date" value={draft.to} onChange={set('to')} />
            </div>
            <button type="submit" className={ui.button({ tone: 'primary' })}>
              <Trans>搜索</Trans>
            </button>
          </div>
        </form>
      </search>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={state.error.message} onRetry={reload} />}
      {state.status === 'ok' && items.length === 0 && (
        <Empty>
          <Trans>没有找到用户</Trans>
        </Empty>
      )}
      {items.length > 0 && (
        <table className={ui.table} aria-busy={state.status === 'loading'}>
          <caption className={ui.label}>
            <Trans>搜索结果</Trans>
          </caption>
          <ColumnHeads>
            <Trans>手机号</Trans>
            <Trans>昵称</Trans>
            <Trans>品牌</Trans>
            <Trans>渠道</Trans>
            <Trans>邀请码</Trans>
            <Trans>注册时间</Trans>
            <Trans>状态</Trans>
          </ColumnHeads>
          <tbody>
            {items.map((user) => (
              <tr key={user.id}>
                <td className={ui.cell}>
                  <Link to="/users/$userId" params={{ userId: user.id }}>
                    +{user.countryCode} {user.phoneMasked}
                  </Link>
                </td>
                <td className={ui.cell}>{user.nickname}</td>
                <td className={ui.cell}>{user.brand}</td>
                <td className={ui.cell}>{user.channelId}</td>
                <td className={ui.cell}>{user.inviteCode ?? '—'}</td>
                <td className={ui.cell}>{formatTime(user.createdAt, i18n.locale)}</td>
                <td className={ui.cell}>
                  {user.banned && <span className={ui.badge()}>{t`已封禁`}</span>}{' '}
                  {user.closed && <span className={ui.badge()}>{t`已注销`}</span>}
                  {!user.banned && !user.closed && t`正常`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(cursors.length > 0 || next) && (
        <nav className={ui.row} aria-label={t`分页`}>
          <button
            type="button"
            className={ui.button()}
            disabled={cursors.length === 0}
            onClick={() => setCursors((previous) => previous.slice(0, -1))}
          >
            <Trans>上一页</Trans>
          </button>
          <button
            type="button"
            className={ui.button()}
            disabled={!next}
            onClick={() => next && setCursors((previous) => [...previous, next])}
          >
            <Trans>下一页</Trans>
          </button>
        </nav>
      )}
    </>
  );
}
