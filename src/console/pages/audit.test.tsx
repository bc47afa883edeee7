import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../test/fake-api';
import { renderConsole } from '../test/render-app';
import { signedInApi } from '../test/signed-in';

const entry = {
  id: '7',
  at: '2026-11-28T02:00:00.000Z',
  operator: 'alice',
  address: '127.0.0.1',
  action: 'user.ban',
  userId: '42',
  before: { banned: false },
  after: { banned: true, reason: '刷单' },
};

describe('the audit log', () => {
  it('filters by operator, user and action and shows before and after as readable JSON', async () => {
    const api = signedInApi('support');
    api.on('get', /^\/audit$/, (call) =>
      call.params.cursor === 'n2'
        ? {
            data: { items: [{ ...entry, id: '6', action: 'user.unban', before: null, after: null }], nextCursor: null },
          }
        : call.params.action === 'user.ban'
          ? { data: { items: [entry], nextCursor: 'n2' } }
          : { data: { items: [], nextCursor: null } },
    );
    await renderConsole('/audit');
    expect(await screen.findByText('没有记录')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('操作员'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('用户 ID'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('操作'), { target: { value: 'user.ban' } });
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const table = await screen.findByTestId('audit-table');
    expect(api.calls.filter((c) => c.path === '/audit').at(-1)?.params).toEqual({
      operator: 'alice',
      user: '42',
      action: 'user.ban',
    });
    expect(within(table).getByText('user.ban')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '42' })).toHaveAttribute('href', '/users/42');
    expect(table.textContent).toContain('{\n  "banned": true,\n  "reason": "刷单"\n}');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(table).getByText('user.unban')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('appends a next page once however often "load more" is pressed, and drops one that arrives after the filters changed', async () => {
    const api = signedInApi('support');
    api.on('get', /^\/audit$/, 'hold');
    const audit = /^\/audit$/;
    await renderConsole('/audit');
    await waitFor(() => api.held(audit));
    api.answerOk(audit, { items: [entry], nextCursor: 'n2' });
    const more = await screen.findByRole('button', { name: '加载更多' });
    fireEvent.click(more);
    fireEvent.click(more);
    const nextPages = () => api.calls.filter((c) => c.path === '/audit' && c.params.cursor === 'n2');
    await waitFor(() => expect(nextPages()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(nextPages()).toHaveLength(1);

    // New filters while the next page is on its way: their first page comes, then the old next page.
    fireEvent.change(screen.getByLabelText('操作'), { target: { value: 'user.note' } });
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() => expect(api.held(audit).params).toMatchObject({ action: 'user.note' }));
    api.answerOk(audit, { items: [{ ...entry, id: '8', action: 'user.note' }], nextCursor: null });
    const table = await screen.findByTestId('audit-table');
    await waitFor(() => expect(within(table).getByText('user.note')).toBeInTheDocument());
    nextPages()[0]?.answer(200, envelope({ items: [{ ...entry, id: '6', action: 'user.unban' }], nextCursor: null }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(table).queryByText('user.unban')).toBeNull();
    expect(within(table).queryByText('user.ban')).toBeNull();
  });
});
