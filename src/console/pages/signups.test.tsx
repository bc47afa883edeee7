import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/render-app';
import { signedInApi } from '../test/signed-in';

// jsdom draws no canvas: the chart records what it was given (the browser journeys draw the real one).
const drawn: { periods: string[]; series: { label: string; values: number[] }[] }[] = [];
vi.mock('../components/signups-chart', () => ({
  default: (props: (typeof drawn)[number]) => {
    drawn.push(props);
    return <div data-testid="signups-chart" />;
  },
}));

const report = {
  items: [
    { period: '2026-11-26', key: 'baidu', count: 3 },
    { period: '2026-11-26', key: '', count: 1 },
    { period: '2026-11-27', key: 'baidu', count: 5 },
  ],
  keys: ['baidu', ''],
  funnel: { smsSent: 20, registrations: 9, firstWorkbench: 3 },
};

describe('the sign-ups page', () => {
  it('asks for the last 30 days by day, then draws the split as chart and table', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00+08:00'));
    const api = signedInApi();
    api.on('get', /^\/signups$/, (call) =>
      call.params.by === 'source' ? { data: report } : { data: { items: [], keys: [], funnel: report.funnel } },
    );
    await renderConsole('/signups');
    expect(await screen.findByText('这段时间没有注册')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/signups')?.params).toEqual({
      from: '2026-10-30',
      to: '2026-11-28',
      interval: 'day',
      by: 'day',
    });
    vi.useRealTimers();
    fireEvent.change(screen.getByLabelText('拆分'), { target: { value: 'source' } });
    fireEvent.change(screen.getByLabelText('按'), { target: { value: 'week' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const table = await screen.findByTestId('signups-table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['周（周一）', 'baidu', '（无）', '合计'],
      ['2026-11-26', '3', '1', '4'],
      ['2026-11-27', '5', '0', '5'],
    ]);
    await waitFor(() =>
      expect(drawn.at(-1)).toEqual({
        periods: ['2026-11-26', '2026-11-27'],
        series: [
          { label: 'baidu', values: [3, 5] },
          { label: '（无）', values: [1, 0] },
        ],
      }),
    );
    // The chart is described by its table; the CSV link carries the same query.
    expect(screen.getByText('注册数图表，数据见下表')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '导出 CSV' })).toHaveAttribute(
      'href',
      '/console/api/signups?from=2026-10-30&to=2026-11-28&interval=week&by=source&format=csv',
    );
    const funnel = screen.getByTestId('funnel');
    expect(funnel).toHaveTextContent('发送注册短信: 20');
    expect(funnel).toHaveTextContent('完成注册: 9 (45.0%)');
    expect(funnel).toHaveTextContent('首次进入工作台: 3 (33.3%)');
  });
});
