/**
 * Sign-ups per day or week for a date range (default: the last 30 days), split by brand, channel, invite code, ad
 * source, keyword or sign-in method; the chart (uPlot, loaded when there is something to draw), the table beneath
 * it (the chart's accessible equivalent), the CSV export and the funnel SMS sent → registrations → first workbench.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Empty, ErrorState, Loading, PageHeading } from '../components/states';
import { consoleApi, type Data, signupsCsvUrl } from '../lib/api';
import { SPLITS } from '../lib/contract-values';
import { shanghaiDay } from '../lib/format';
import { useLoad } from '../lib/use-load';
import * as ui from '../styles/ui.css';

const SignupsChart = lazy(() => import('../components/signups-chart'));

type Split = (typeof SPLITS)[number];
const SPLIT_NAMES: Record<Split, MessageDescriptor> = {
  day: msg`不拆分`,
  brand: msg`品牌`,
  channel: msg`渠道`,
  invite: msg`邀请码`,
  source: msg`广告来源`,
  keyword: msg`搜索词`,
  method: msg`注册方式`,
};
/** The chart draws the largest keys; the table lists them all. */
const CHART_KEYS = 10;

export interface SignupsTable {
  periods: string[];
  keys: string[];
  counts: Map<string, number>;
}

/** The report's rows as a period × key grid (missing cells are 0). */
export function toTable(data: Data<'signups'>): SignupsTable {
  const periods = [...new Set(data.items.map((item) => item.period))].sort();
  const keys = data.keys.length ? data.keys : [...new Set(data.items.map((item) => item.key))];
  const counts = new Map(data.items.map((item) => [`${item.period}\u0000${item.key}`, item.count]));
  return { periods, keys, counts };
}
const cellOf = (table: SignupsTable, period: string, key: string) => table.counts.get(`${period}\u0000${key}`) ?? 0;

export function SignupsPage({ now = () => new Date() }: { now?: () => Date }) {
  const { t, i18n } = useLingui();
  const ids = { from: useId(), to: useId(), interval: useId(), by: useId(), brand: useId(), caption: useId() };
  const [draft, setDraft] = useState(() => ({
    from: shanghaiDay(now(), 29),
    to: shanghaiDay(now()),
    interval: 'day' as 'day' | 'week',
    by: 'day' as Split,
    brand: '' as '' | 'starreach' | 'creatorbox',
  }));
  const [query, setQuery] = useState(draft);
  const apiQuery = { ...query, brand: query.brand || undefined };
  const { state, reload } = useLoad(() => consoleApi.signups(apiQuery), [query]);
  const table = useMemo(() => (state.status === 'ok' ? toTable(state.data) : null), [state]);
  const noKey = query.by === 'day' ? t`注册数` : t`（无）`;
  const keyLabel = (key: string) => (key === '' ? noKey : key);
  const series = useMemo(
    () =>
      table
        ? table.keys.slice(0, CHART_KEYS).map((key) => ({
            label: key === '' ? noKey : key,
            values: table.periods.map((period) => cellOf(table, period, key)),
          }))
        : [],
    [table, noKey],
  );
  const funnel = state.status === 'ok' ? state.data.funnel : null;
  const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

  return (
    <>
      <PageHeading>
        <Trans>注册统计</Trans>
      </PageHeading>
      <form
        className={ui.card}
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ ...draft });
        }}
      >
        <div className={ui.row}>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.from}>
              <Trans>开始日期</Trans>
            </label>
            <input
              id={ids.from}
              className={ui.input}
              type="date"
              required
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.to}>
              <Trans>结束日期</Trans>
            </label>
            <input
              id={ids.to}
              className={ui.input}
              type="date"
              required
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.interval}>
              <Trans>按</Trans>
            </label>
            <select
              id={ids.interval}
              className={ui.input}
              value={draft.interval}
              onChange={(e) => setDraft({ ...draft, interval: e.target.value as 'day' | 'week' })}
            >
              <option value="day">{t`天`}</option>
              <option value="week">{t`周`}</option>
            </select>
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.by}>
              <Trans>拆分</Trans>
            </label>
            <select
              id={ids.by}
              className={ui.input}
              value={draft.by}
              onChange={(e) => setDraft({ ...draft, by: e.target.value as Split })}
            >
              {SPLITS.map((split) => (
                <option key={split} value={split}>
                  {i18n._(SPLIT_NAMES[split])}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.brand}>
              <Trans>品牌</Trans>
            </label>
            <select
              id={ids.brand}
              className={ui.input}
              value={draft.brand}
              onChange={(e) => setDraft({ ...draft, brand: e.target.value as typeof draft.brand })}
            >
              <option value="">{t`全部`}</option>
              <option value="starreach">starreach</option>
              <option value="creatorbox">creatorbox</option>
            </select>
          </div>
          <button type="submit" className={ui.button({ tone: 'primary' })}>
            <Trans>查询</Trans>
          </button>
          <a className={ui.button({ tone: 'link' })} href={signupsCsvUrl(apiQuery)} download>
            <Trans>导出 CSV</Trans>
          </a>
        </div>
      </form>

      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={state.error.message} onRetry={reload} />}
      {funnel && (
        <section className={ui.card} aria-labelledby="funnel-title">
          <h2 id="funnel-title" className={ui.subheading}>
            <Trans>转化漏斗</Trans>
          </h2>
          <ol className={ui.figures} data-testid="funnel">
            <li>
              <Trans>发送注册短信</Trans>: <strong>{funnel.smsSent}</strong>
            </li>
            <li>
              <Trans>完成注册</Trans>: <strong>{funnel.registrations}</strong> (
              {percent(funnel.registrations, funnel.smsSent)})
            </li>
            <li>
              <Trans>首次进入工作台</Trans>: <strong>{funnel.firstWorkbench}</strong> (
              {percent(funnel.firstWorkbench, funnel.registrations)})
            </li>
          </ol>
        </section>
      )}
      {table && table.periods.length === 0 && (
        <Empty>
          <Trans>这段时间没有注册</Trans>
        </Empty>
      )}
      {table && table.periods.length > 0 && (
        <section className={ui.card}>
          <figure aria-describedby={ids.caption}>
            <Suspense fallback={<Loading />}>
              <SignupsChart periods={table.periods} series={series} />
            </Suspense>
            <figcaption id={ids.caption} className={ui.label}>
              <Trans>注册数图表，数据见下表</Trans>
            </figcaption>
          </figure>
          <table className={ui.table} data-testid="signups-table">
            <caption className={ui.label}>
              <Trans>
                注册数（{query.from} 至 {query.to}）
              </Trans>
            </caption>
            <thead>
              <tr>
                <th className={ui.cell} scope="col">
                  {query.interval === 'week' ? t`周（周一）` : t`日期`}
                </th>
                {table.keys.map((key) => (
                  <th key={key} className={ui.numberCell} scope="col">
                    {keyLabel(key)}
                  </th>
                ))}
                {table.keys.length > 1 && (
                  <th className={ui.numberCell} scope="col">
                    <Trans>合计</Trans>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {table.periods.map((period) => (
                <tr key={period}>
                  <th className={ui.cell} scope="row">
                    {period}
                  </th>
                  {table.keys.map((key) => (
                    <td key={key} className={ui.numberCell}>
                      {cellOf(table, period, key)}
                    </td>
                  ))}
                  {table.keys.length > 1 && (
                    <td className={ui.numberCell}>
                      {table.keys.reduce((sum, key) => sum + cellOf(table, period, key), 0)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
