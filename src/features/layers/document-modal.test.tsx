import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentModal } from '~/app/layers';
import { withContents } from '~/lib/brand-contents.fixture';
import { renderWithLayers } from './test-utils';

beforeAll(async () => {
  await import('./document-modal-dialog');
});

describe('DocumentModal', () => {
  it('renders nothing until a document opens', async () => {
    const { container } = await renderWithLayers(<DocumentModal />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the Chinese user agreement with the brand filled in, 800 px wide', async () => {
    const { actors } = await renderWithLayers(withContents(<DocumentModal />));
    await act(async () => actors.documentModal.send({ type: 'layer.open', layerType: 'agreement' }));
    const dialog = await screen.findByRole('dialog', { name: '用户服务协议' }, { timeout: 5000 });
    expect(dialog).toHaveStyle({ width: '800px', padding: '40px 60px' });
    expect(screen.getByRole('heading', { level: 2, name: '用户服务协议' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: '一、协议的订立与适用范围' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('生效日期：2026-01-01');
    expect(dialog).toHaveTextContent('广州星达通网络科技有限公司');
    expect(dialog).toHaveTextContent('客服电话：020-0000 0000');
    expect(dialog).not.toHaveTextContent('{brandName}');
  });

  it('shows the English privacy policy on English pages, without a phone line while the phone is unset', async () => {
    const { actors } = await renderWithLayers(<DocumentModal />, { locale: 'en', env: { brandId: 'creatorbox' } });
    await act(async () => actors.documentModal.send({ type: 'layer.open', layerType: 'privacy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' }, { timeout: 5000 });
    await waitFor(() => expect(dialog).toHaveTextContent('Effective date: 2026-01-01'));
    expect(dialog).toHaveTextContent('Guangzhou CreatorBox Information Technology Co., Ltd.');
    expect(dialog).toHaveTextContent('Service hours: 9:30–18:30');
    expect(dialog).not.toHaveTextContent('Customer service phone');
    expect(dialog).not.toHaveTextContent('{servicePhone}');
  });

  it('shows the English agreement heading on English pages', async () => {
    const { actors } = await renderWithLayers(<DocumentModal />, { locale: 'en' });
    await act(async () => actors.documentModal.send({ type: 'layer.open', layerType: 'agreement' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'User Service Agreement' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: /Formation and Scope/ })).toBeInTheDocument();
  });

  it.each([
    ['the button at the bottom', 0],
    ['the corner', 1],
  ])('closes from %s', async (_where, index) => {
    const user = userEvent.setup();
    const { actors } = await renderWithLayers(<DocumentModal />);
    await act(async () => actors.documentModal.send({ type: 'layer.open', layerType: 'agreement' }));
    await screen.findByRole('dialog');
    // In document order: the footer's 关闭 button, then the corner X.
    const buttons = screen.getAllByRole('button', { name: '关闭' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[index]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actors.documentModal.getSnapshot().value).toBe('hidden');
  });
});
