/** The audit log, newest first, filtered by operator, user and action; before and after shown as readable JSON. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ColumnHeads } from '../components/column-heads';
import { Link } from '../components/link';
import { LoadMore } from '../components/load-more';
import { Empty, ErrorState, Loading, PageHeading } from '../components/states';
import { consoleApi, type Data } from '../lib/api';
import { formatTime } from '../lib/format';
import { useCursorList } from '../lib/use-cursor-list';
import * as ui from '../styles/ui.css';

type Entry = Data<'audit'>['items'][number];

export const readableJson = (value: unknown) => (value == null ? '—' : JSON.stringify(value, null, 2));

export function AuditPage() {
  const { t, i18n } = useLingui();
  const ids = { operator: useId(), user: useId(), action: useId() };
  const [draft, setDraft] = useState({ operator: '', user: '', action: '' });
  const [filters, setFilters] = useState(draft);
  const list = useCursorList<Entry>(
    (cursor) => consoleApi.audit(cursor ? { ...filters, cursor } : filters),
    [filters],
    t`加载失败`,
  );
  const { state, reload, items: entries } = list;
  const set = (key: keyof typeof draft) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((previous) => ({ ...previous, [key]: event.target.value }));

  return (
    <>
      <PageHeading>
        <Trans>审计日志</Trans>
      </PageHeading>
      <search>
        <form
          className={ui.card}
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ operator: draft.operator.trim(), user: draft.user.trim(), action: draft.action.trim() });
          }}
        >
          <div className={ui.row}>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.operator}>
                <Trans>操作员</Trans>
              </label>
              <input
                id={ids.operator}
                className={ui.input}
                maxLength={64}
                value={draft.operator}
                onChange={set('operator')}
              />
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.user}>
                <Trans>用户 ID</Trans>
              </label>
              <input
                id={ids.user}
                className={ui.input}
                inputMode="numeric"
                pattern="\d{1,18}"
                value={draft.user}
                onChange={set('user')}
              />
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.action}>
                <Trans>操作</Trans>
              </label>
              <input
                id={ids.action}
                className={ui.input}
                maxLength={64}
                placeholder="user.ban"
                value={draft.action}
                onChange={set('action')}
              />
            </div>
            <button type="submit" className={ui.button({ tone: 'primary' })}>
              <Trans>筛选</Trans>
            </button>
          </div>
        </form>
      </search>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={state.error.message} onRetry={reload} />}
      {state.status === 'ok' && entries.length === 0 && <Empty />}
      {entries.length > 0 && (
        <table className={ui.table} data-testid="audit-table">
          <caption className={ui.label}>
            <Trans>操作记录（最新在前）</Trans>
          </caption>
          <ColumnHeads>
            <Trans>时间</Trans>
            <Trans>操作员</Trans>
            <Trans>地址</Trans>
            <Trans>操作</Trans>
            <Trans>用户</Trans>
            <Trans>之前</Trans>
            <Trans>之后</Trans>
          </ColumnHeads>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={ui.cell}>{formatTime(entry.at, i18n.locale)}</td>
                <td className={ui.cell}>{entry.operator ?? t`（未知）`}</td>
                <td className={ui.cell}>{entry.address}</td>
                <td className={ui.cell}>
                  <code>{entry.action}</code>
                </td>
                <td className={ui.cell}>
                  {entry.userId ? (
                    <Link to="/users/$userId" params={{ userId: entry.userId }}>
                      {entry.userId}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={ui.cell}>
                  <pre className={ui.code}>{readableJson(entry.before)}</pre>
                </td>
                <td className={ui.cell}>
                  <pre className={ui.code}>{readableJson(entry.after)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore list={list} />
    </>
  );
}
