import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/render-app';
import { signedInApi } from '../test/signed-in';

const hook = {
  id: 'w1',
  url: 'https://crm.example.com/hooks',
  events: ['user.registered', 'user.banned'],
  description: 'CRM',
  createdAt: '2026-11-28T02:00:00.000Z',
};
const delivery = {
  id: 'msg_1',
  event: 'user.registered',
  createdAt: '2026-11-28T02:00:00.000Z',
  state: 'failed',
  attempts: 3,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-28T02:05:00.000Z',
  lastStatus: 503,
  lastResponse: 'Service Unavailable',
  payload: {},
};

describe('the webhooks page', () => {
  it('adds an endpoint and shows its secret once, with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = signedInApi('owner');
    let created = false;
    api
      .on('get', /^\/webhooks$/, () => ({ data: { items: created ? [hook] : [], nextCursor: null } }))
      .on('post', /^\/webhooks$/, () => {
        created = true;
        return { data: { ...hook, secret: 'whsec_c2VjcmV0' } };
      });
    await renderConsole('/webhooks');
    expect(await screen.findByText('还没有接收地址')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://crm.example.com/hooks' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'user.logged_in' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'user.closed' }));
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
    const post = api.calls.find((c) => c.method === 'post' && c.path === '/webhooks');
    expect(post?.body).toEqual({ url: 'https://crm.example.com/hooks', events: ['user.registered', 'user.banned'] });
    expect(post?.headers['X-CSRF-Token']).toBe('csrf-1');
    fireEvent.click(screen.getByRole('button', { name: '复制密钥' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0'));
    expect(await screen.findByText('已复制')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '我已保存，关闭' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    expect(await screen.findByRole('region', { name: hook.url })).toBeInTheDocument();
  });

  it("shows the server's refusal of a URL", async () => {
    signedInApi('owner')
      .on('get', /^\/webhooks$/, { data: { items: [], nextCursor: null } })
      .on('post', /^\/webhooks$/, { status: 400, code: 40130, message: '只接受公网 https 地址' });
    await renderConsole('/webhooks');
    fireEvent.change(await screen.findByLabelText('URL'), { target: { value: 'http://10.0.0.1/x' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('只接受公网 https 地址');
  });

  it('lists deliveries with state, status and answer, and sends one again after confirming', async () => {
    const api = signedInApi('owner');
    api
      .on('get', /^\/webhooks$/, { data: { items: [hook], nextCursor: null } })
      .on('get', /^\/webhooks\/w1\/deliveries$/, { data: { items: [delivery], nextCursor: null } })
      .on('post', /^\/webhooks\/w1\/deliveries\/msg_1\/resend$/, { data: { ...delivery, state: 'pending' } });
    await renderConsole('/webhooks');
    const section = await screen.findByRole('region', { name: hook.url });
    fireEvent.click(within(section).getByRole('button', { name: '投递记录' }));
    const table = await within(section).findByRole('table');
    expect(table).toHaveTextContent('失败');
    expect(table).toHaveTextContent('503');
    expect(table).toHaveTextContent('Service Unavailable');
    fireEvent.click(within(table).getByRole('button', { name: '重新投递' }));
    const panel = screen.getByRole('dialog', { name: '重新投递' });
    fireEvent.click(within(panel).getByRole('button', { name: '确认' }));
    expect(await within(panel).findByText('已完成')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/webhooks/w1/deliveries/msg_1/resend')).toBe(true);
  });
});
