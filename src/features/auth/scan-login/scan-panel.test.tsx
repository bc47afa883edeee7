/**
 * The QR panel: each state's wording in both languages (drawn from a view), the countdown, the simulator link,
 * and the panel driven by the real machine with fake effects (polling, visibility, the successes).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScanView } from '#machines/scan-login/scan-login.selectors';
import { sampleQrCode, sampleStatuses, sampleUserInfo } from '#machines/scan-login/scan-login.testing';
import type { Locale } from '#shared/locale';
import { ApiRequestError } from '~/lib/api/client';
import { renderWithProviders } from '~/test/providers';
import { ScanPanelView } from './scan-panel';
import { nextPoll, quickCode, renderPanel, stateHeading } from './test-utils';
import { scanRuntime } from './use-scan-login';

beforeAll(async () => {
  await scanRuntime.load();
});

const NOW = 1_700_000_000_000;
const qr = { ...sampleQrCode, expiresAt: NOW + 125_000 };

async function renderView(view: ScanView, locale: Locale = 'zh', variant: 'tab' | 'page' = 'tab') {
  const send = vi.fn();
  const result = await renderWithProviders(<ScanPanelView view={view} send={send} variant={variant} />, { locale });
  return { ...result, send };
}

type Row = [string, ScanView, { zh: string[]; en: string[] }, { zh: string; en: string } | null];

const rows: Row[] = [
  ['creating', { kind: 'creating' }, { zh: ['正在生成二维码…'], en: ['Creating the QR code…'] }, null],
  [
    'createFailed',
    { kind: 'createFailed', error: new ApiRequestError({ status: 0, code: 0, message: '' }) },
    {
      zh: ['二维码生成失败', '网络连接失败，请检查网络后重试'],
      en: ['Could not create the QR code', 'No connection. Check your network and try again'],
    },
    { zh: '重试', en: 'Try again' },
  ],
  [
    'waiting',
    { kind: 'waiting', qr, expiresAt: qr.expiresAt, paused: false, retrying: false },
    { zh: ['请使用微信扫一扫登录', '2:05 后二维码失效'], en: ['Scan with WeChat to log in', 'Expires in 2:05'] },
    { zh: '刷新二维码', en: 'New QR code' },
  ],
  [
    'scanned',
    { kind: 'scanned', qr, expiresAt: qr.expiresAt, paused: false, retrying: false },
    { zh: ['扫码成功，请在手机上确认登录', '2:05 后二维码失效'], en: ['Scanned. Confirm the login on your phone'] },
    null,
  ],
  ['expired', { kind: 'expired' }, { zh: ['二维码已过期'], en: ['QR code has expired'] }, { zh: '刷新', en: 'Reload' }],
  [
    'unbound',
    { kind: 'unbound', step: 'choose', submitting: false, error: null, expiresAt: NOW + 600_000, nickname: '小明' },
    {
      zh: ['该微信尚未绑定账号', '微信昵称：小明', '10:00 后二维码失效'],
      en: ['This WeChat is not bound to an account yet', 'WeChat nickname: 小明'],
    },
    { zh: '立即绑定', en: 'Bind now' },
  ],
  [
    'loggedIn',
    { kind: 'loggedIn', userInfo: sampleUserInfo },
    { zh: ['登录成功', '正在进入工作台…'], en: ['Login success', 'Opening the workbench…'] },
    null,
  ],
  ['bindSuccess', { kind: 'bindSuccess', userInfo: sampleUserInfo }, { zh: ['绑定成功'], en: ['Bind success'] }, null],
  [
    'registerSuccess',
    { kind: 'registerSuccess', userInfo: sampleUserInfo },
    { zh: ['注册成功'], en: ['Register success'] },
    null,
  ],
  [
    'bindFailed',
    {
      kind: 'bindFailed',
      error: new ApiRequestError({ status: 409, code: 40022, message: '该账号已绑定其他微信' }),
    },
    { zh: ['绑定失败', '该账号已绑定其他微信'], en: ['Bind failed'] },
    { zh: '重新扫码', en: 'Scan again' },
  ],
  [
    'banned',
    { kind: 'banned' },
    {
      zh: ['账号已被封禁', '该微信或其绑定的账号已被封禁，无法登录。如有疑问，请联系客服。'],
      en: ['Account is banned', /contact customer service/.source],
    },
    { zh: '重新扫码', en: 'Scan again' },
  ],
];

describe('scan panel: the wording of each state', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.setSystemTime(NOW));

  it.each(
    rows.flatMap(([name, view, texts, button]) =>
      (['zh', 'en'] as const).map((locale) => [name, locale, view, texts[locale], button?.[locale]] as const),
    ),
  )('%s in %s', async (name, locale, view, texts, buttonName) => {
    const { send } = await renderView(view, locale);
    expect(stateHeading()).toHaveTextContent(texts[0]);
    expect(screen.getByRole('region')).toHaveAttribute('data-scan-state', name === 'unbound' ? 'choose' : name);
    for (const text of texts.slice(1)) expect(document.body).toHaveTextContent(new RegExp(text));
    // The state is announced politely.
    if (name !== 'creating') expect(screen.getAllByRole('status')[0]).toHaveTextContent(texts[0]);
    if (buttonName) {
      fireEvent.click(screen.getByRole('button', { name: buttonName }));
      expect(send).toHaveBeenCalledTimes(1);
    }
  });

  it('offers both choices to a WeChat that is not bound', async () => {
    const { send } = await renderView(rows[5][1], 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Register with WeChat' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'scan.registerNow' });
    fireEvent.click(screen.getByRole('button', { name: 'Bind now' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'scan.bindNow' });
  });

  it('shows the code with its URL and no simulator link outside demo mode, in both languages', async () => {
    const view: ScanView = { kind: 'waiting', qr, expiresAt: qr.expiresAt, paused: false, retrying: false };
    for (const locale of ['zh', 'en'] as const) {
      const { unmount } = await renderView(view, locale);
      const image = screen.getByRole('img', { name: locale === 'zh' ? '微信登录二维码' : 'WeChat login QR code' });
      expect(image).toHaveAttribute('src', qr.qrcode);
      expect(image).toHaveAttribute('data-qr-url', qr.qrUrl);
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/模拟器|simulator/i);
      unmount();
    }
  });

  it('in demo mode, offers the simulator as a labelled demo aid in a new window, only for simulator codes', async () => {
    const view: ScanView = { kind: 'waiting', qr, expiresAt: qr.expiresAt, paused: false, retrying: false };
    const names = { zh: '演示：在新窗口打开微信模拟器', en: 'Demo: open the WeChat simulator in a new window' };
    for (const locale of ['zh', 'en'] as const) {
      const send = vi.fn();
      const { unmount } = await renderWithProviders(<ScanPanelView view={view} send={send} variant="tab" />, {
        locale,
        env: { demo: true },
      });
      const link = screen.getByRole('link', { name: names[locale] });
      // The QR code keeps the phone's address; the link (relative, so the server renders it too) opens the
      // simulator on the origin the visitor is using.
      const qrTarget = new URL(qr.qrUrl);
      expect(link).toHaveAttribute('href', `${qrTarget.pathname}${qrTarget.search}`);
      expect((link as HTMLAnchorElement).href).toBe(`${window.location.origin}${qrTarget.pathname}${qrTarget.search}`);
      expect(qrTarget.origin).not.toBe(window.location.origin);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
      unmount();
    }
    const { unmount } = await renderWithProviders(
      <ScanPanelView view={{ ...view, qr: { ...qr, simulator: false } }} send={vi.fn()} variant="page" />,
      { locale: 'en', env: { demo: true } },
    );
    expect(screen.getByRole('img', { name: 'WeChat login QR code' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /simulator/ })).not.toBeInTheDocument();
    unmount();
  });

  it('says "paused" while the page is hidden and "retrying" after a failed poll', async () => {
    const view: ScanView = { kind: 'waiting', qr, expiresAt: qr.expiresAt, paused: true, retrying: false };
    const { unmount } = await renderView(view);
    expect(screen.getByText('已暂停：页面在后台时不刷新扫码状态')).toBeInTheDocument();
    unmount();
    await renderView({ ...view, paused: false, retrying: true });
    expect(screen.getByText('网络连接不稳定，正在重试…')).toBeInTheDocument();
    expect(screen.queryByText(/已暂停/)).not.toBeInTheDocument();
  });

  it('tells a phone to press and hold the code', async () => {
    await renderView({ kind: 'waiting', qr, expiresAt: qr.expiresAt, paused: false, retrying: false }, 'en', 'page');
    expect(screen.getByText('Press and hold the QR code to open it in WeChat')).toBeInTheDocument();
  });

  it('opens the customer-service layer from the banned state on desktop', async () => {
    const { actors } = await renderView({ kind: 'banned' });
    fireEvent.click(screen.getByRole('button', { name: '联系客服' }));
    await waitFor(() =>
      expect(actors.layer.getSnapshot()).toMatchObject({ value: 'shown', context: { layerType: 'customerService' } }),
    );
  });
});

describe('scan panel: time left', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down each second as m:ss, and tells screen readers only at whole minutes and at 30 and 10 s', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const view: ScanView = { kind: 'waiting', qr, expiresAt: NOW + 61_000, paused: false, retrying: false };
    await renderView(view);
    const shown = () => screen.getByText(/后二维码失效$/);
    expect(shown()).toHaveTextContent('1:01 后二维码失效');
    expect(screen.getByText('二维码将在 2 分钟后失效')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(shown()).toHaveTextContent('1:00 后二维码失效');
    expect(screen.getByText('二维码将在 1 分钟后失效')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(shown()).toHaveTextContent('0:31 后二维码失效');
    expect(screen.getByText('二维码将在 1 分钟后失效')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('二维码将在 30 秒后失效')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(shown()).toHaveTextContent('0:00 后二维码失效');
  });
});

describe('scan panel: with the machine', () => {
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  it('creates a code, polls it, shows the scan and logs in when the phone confirms', async () => {
    const { effects } = await renderPanel();
    expect(stateHeading()).toHaveTextContent('正在生成二维码…');
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    effects.answerCreate(quickCode());
    expect(await screen.findByRole('img', { name: '微信登录二维码' })).toHaveAttribute(
      'data-qr-url',
      sampleQrCode.qrUrl,
    );
    await nextPoll(effects);
    expect(effects.polls[0].input).toEqual({ ticket: sampleQrCode.ticket });
    effects.answerPoll({ ...sampleStatuses.scanned, expiresAt: Date.now() + 200_000 });
    expect(await screen.findByRole('heading', { name: '扫码成功，请在手机上确认登录' })).toBeInTheDocument();
    await nextPoll(effects);
    effects.answerPoll(sampleStatuses.bound);
    expect(await screen.findByRole('heading', { name: '登录成功' })).toBeInTheDocument();
    expect(effects.completed).toEqual([{ userInfo: sampleUserInfo, how: 'scan' }]);
  });

  it('moves the focus to the new state when the visitor pressed a button in the panel', async () => {
    const { effects } = await renderPanel({ locale: 'en' });
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    effects.answerCreate(quickCode());
    await nextPoll(effects);
    effects.answerPoll(sampleStatuses.expired);
    const reload = await screen.findByRole('button', { name: 'Reload' });
    // Nothing took the focus while the visitor had not used the panel.
    expect(document.body).toHaveFocus();
    reload.focus();
    fireEvent.pointerDown(reload);
    fireEvent.click(reload);
    await waitFor(() => expect(stateHeading()).toHaveTextContent('Creating the QR code…'));
    await waitFor(() => expect(stateHeading()).toHaveFocus());
    expect(effects.creates).toHaveLength(2);
  });

  it('stops polling while the page is hidden and polls at once when it is shown again', async () => {
    const { effects } = await renderPanel();
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    effects.answerCreate(quickCode());
    expect(await screen.findByText('已暂停：页面在后台时不刷新扫码状态')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(effects.polls).toHaveLength(0);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await nextPoll(effects);
    await waitFor(() => expect(screen.queryByText(/已暂停/)).not.toBeInTheDocument());
  });

  it('keeps polling after a failed poll and says it is retrying', async () => {
    const { effects } = await renderPanel({ locale: 'en' });
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    effects.answerCreate(quickCode());
    await nextPoll(effects);
    effects.failPoll(new ApiRequestError({ status: 0, code: 0, message: '' }));
    expect(await screen.findByText('Connection problem. Retrying…')).toBeInTheDocument();
    await nextPoll(effects);
    effects.answerPoll({ ...sampleStatuses.waiting, expiresAt: Date.now() + 100_000 });
    await waitFor(() => expect(screen.queryByText(/Retrying/)).not.toBeInTheDocument());
    expect(stateHeading()).toHaveTextContent('Scan with WeChat to log in');
  });

  it('offers a retry when the code cannot be created, with the server message', async () => {
    const { effects } = await renderPanel();
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    effects.failCreate(new ApiRequestError({ status: 429, code: 429, message: '操作过于频繁，请 30 秒后再试' }));
    expect(await screen.findByRole('heading', { name: '二维码生成失败' })).toBeInTheDocument();
    expect(screen.getByText('操作过于频繁，请 30 秒后再试')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    effects.answerCreate(quickCode());
    expect(await screen.findByRole('heading', { name: '请使用微信扫一扫登录' })).toBeInTheDocument();
    within(screen.getByRole('region')).getByRole('img');
  });

  it('on the account page, a bind code: its own words, no agreement, then "bound" and the page is told once', async () => {
    const onLinked = vi.fn();
    const { effects } = await renderPanel({ variant: 'bind', onLinked });
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    effects.answerCreate(quickCode());
    expect(await screen.findByRole('img', { name: '微信绑定二维码' })).toHaveAttribute(
      'data-qr-url',
      sampleQrCode.qrUrl,
    );
    expect(stateHeading()).toHaveTextContent('请使用微信扫一扫绑定');
    // The login's agreement is not the account page's business.
    expect(screen.queryByText(/用户协议/)).not.toBeInTheDocument();
    await nextPoll(effects);
    effects.answerPoll(sampleStatuses.linked);
    expect(await screen.findByRole('heading', { name: '微信已绑定' })).toBeInTheDocument();
    expect(screen.getByText('以后可以用这个微信扫码登录。')).toBeInTheDocument();
    expect(onLinked).toHaveBeenCalledTimes(1);
    expect(effects.linked).toBe(1);
    expect(effects.completed).toEqual([]);
  });

  it('on the account page, a WeChat bound to another account: bind failed, and a new bind code on request', async () => {
    const onLinked = vi.fn();
    const { effects } = await renderPanel({ variant: 'bind', onLinked });
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    effects.answerCreate(quickCode());
    await nextPoll(effects);
    effects.answerPoll(sampleStatuses.bindFailed);
    expect(await screen.findByRole('heading', { name: '绑定失败' })).toBeInTheDocument();
    expect(screen.getByText('该微信已绑定其他账号，请换一个微信扫码。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重新扫码' }));
    await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
    effects.answerCreate(quickCode());
    expect(await screen.findByRole('heading', { name: '请使用微信扫一扫绑定' })).toBeInTheDocument();
    expect(onLinked).not.toHaveBeenCalled();
  });
});
