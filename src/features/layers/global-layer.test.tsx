import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserEffects } from '~/app/actors';
import { GlobalLayer } from '~/app/layers';
import { withContents } from '~/lib/brand-contents.fixture';
import { CUSTOMER_SERVICE_CLOSED_KEY } from '~/lib/storage-keys';
import { AUTO_OPEN_DELAY_MS } from './auto-open';
import { renderWithLayers } from './test-utils';

beforeAll(async () => {
  await import('./global-layer-dialog');
});

beforeEach(() => window.localStorage.clear());

describe('GlobalLayer', () => {
  it('renders nothing (and loads no dialog) until a layer opens', async () => {
    const { container } = await renderWithLayers(<GlobalLayer />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['clientDownload', '下载星达通客户端', { width: '500px', height: '460px' }],
    ['pluginDownload', '下载星达通浏览器插件', { width: '1000px', height: '820px' }],
    ['customerService', '添加专属顾问', { width: '580px', height: '670px', borderRadius: '20px' }],
  ] as const)('opens %s at its spec size', async (layerType, title, size) => {
    const { actors } = await renderWithLayers(<GlobalLayer />);
    await act(async () => actors.layer.send({ type: 'layer.open', layerType }));
    expect(await screen.findByRole('dialog', { name: title })).toHaveStyle(size);
  });

  it('lets the open event override the size', async () => {
    const { actors } = await renderWithLayers(<GlobalLayer />);
    act(() =>
      actors.layer.send({
        type: 'layer.open',
        layerType: 'clientDownload',
        layerStyle: { width: 640, height: 520, borderRadius: 8 },
      }),
    );
    expect(await screen.findByRole('dialog')).toHaveStyle({ width: '640px', height: '520px', borderRadius: '8px' });
  });

  it('shows English titles on English pages', async () => {
    const { actors } = await renderWithLayers(<GlobalLayer />, { locale: 'en' });
    await act(async () => actors.layer.send({ type: 'layer.open', layerType: 'pluginDownload' }));
    expect(await screen.findByRole('dialog', { name: 'Download the StarReach browser plug-in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('remembers that the visitor closed the customer-service layer', async () => {
    const user = userEvent.setup();
    const { actors } = await renderWithLayers(<GlobalLayer />, { effects: browserEffects });
    await act(async () => actors.layer.send({ type: 'layer.open', layerType: 'customerService' }));
    await screen.findByRole('dialog', { name: '添加专属顾问' });
    expect(window.localStorage.getItem(CUSTOMER_SERVICE_CLOSED_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(CUSTOMER_SERVICE_CLOSED_KEY)).toBe('false');
  });

  it('closes on Escape through the machine', async () => {
    const user = userEvent.setup();
    const { actors } = await renderWithLayers(<GlobalLayer />);
    await act(async () => actors.layer.send({ type: 'layer.open', layerType: 'pluginDownload' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(actors.layer.getSnapshot().value).toBe('hidden');
    expect(actors.layer.getSnapshot().context.layerType).toBeNull();
  });

  it('switches from the client layer to the plug-in layer from the support tip', async () => {
    const user = userEvent.setup();
    const { actors } = await renderWithLayers(<GlobalLayer />);
    await act(async () => actors.layer.send({ type: 'layer.open', layerType: 'clientDownload' }));
    await screen.findByRole('dialog', { name: '下载星达通客户端' });
    await user.click(screen.getByRole('button', { name: '浏览器插件' }));
    expect(await screen.findByRole('dialog', { name: '下载星达通浏览器插件' })).toBeInTheDocument();
  });
});

describe('customer service opening by itself', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('opens 30 s after the page loads on the home page', async () => {
    const { actors } = await renderWithLayers(withContents(<GlobalLayer />));
    act(() => vi.advanceTimersByTime(AUTO_OPEN_DELAY_MS - 1));
    expect(actors.layer.getSnapshot().value).toBe('hidden');
    act(() => vi.advanceTimersByTime(1));
    expect(actors.layer.getSnapshot().context.layerType).toBe('customerService');
  });

  it('does not open while the brand has no contact to offer', async () => {
    const { actors } = await renderWithLayers(<GlobalLayer />);
    act(() => vi.advanceTimersByTime(AUTO_OPEN_DELAY_MS));
    expect(actors.layer.getSnapshot().value).toBe('hidden');
  });

  it('stays closed once the visitor has closed it', async () => {
    window.localStorage.setItem(CUSTOMER_SERVICE_CLOSED_KEY, 'false');
    const { actors } = await renderWithLayers(<GlobalLayer />);
    act(() => vi.advanceTimersByTime(AUTO_OPEN_DELAY_MS));
    expect(actors.layer.getSnapshot().value).toBe('hidden');
  });

  it('does not replace a layer the visitor opened', async () => {
    const { actors } = await renderWithLayers(<GlobalLayer />);
    await act(async () => actors.layer.send({ type: 'layer.open', layerType: 'pluginDownload' }));
    act(() => vi.advanceTimersByTime(AUTO_OPEN_DELAY_MS));
    expect(actors.layer.getSnapshot().context.layerType).toBe('pluginDownload');
  });

  it('does not open away from the home page', async () => {
    window.history.replaceState(null, '', '/login');
    const { actors } = await renderWithLayers(<GlobalLayer />);
    act(() => vi.advanceTimersByTime(AUTO_OPEN_DELAY_MS));
    expect(actors.layer.getSnapshot().value).toBe('hidden');
  });

  it('does not open in an automated browser', async () => {
    // jsdom has no `navigator.webdriver`; a browser driven by Playwright or WebDriver reports true.
    Object.defineProperty(window.navigator, 'webdriver', { value: true, configurable: true });
    try {
      const { actors } = await renderWithLayers(<GlobalLayer />);
      act(() => vi.advanceTimersByTime(AUTO_OPEN_DELAY_MS));
      expect(actors.layer.getSnapshot().value).toBe('hidden');
    } finally {
      Reflect.deleteProperty(window.navigator, 'webdriver');
    }
  });
});
