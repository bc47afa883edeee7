import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/locale';
import { i18nFor, loadLocale } from '~/lib/i18n';
import { Dialog } from './dialog';

beforeAll(async () => {
  await loadLocale('zh');
  await loadLocale('en');
});

function renderDialog(props: Partial<ComponentProps<typeof Dialog>> = {}, locale: Locale = 'zh') {
  const onClose = vi.fn();
  const all = { open: true, onClose, title: '下载客户端', width: 500, height: 460, ...props };
  const view = render(
    <I18nProvider i18n={i18nFor(locale)}>
      <button type="button">打开</button>
      <Dialog {...all}>
        <p>正文</p>
        <button type="button">操作</button>
      </Dialog>
    </I18nProvider>,
  );
  return { ...view, onClose };
}

describe('Dialog', () => {
  it('renders nothing while closed and a named modal dialog while open', () => {
    const { rerender, onClose } = renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(
      <I18nProvider i18n={i18nFor('zh')}>
        <Dialog open onClose={onClose} title="下载客户端" description="一句说明" width={500} height={460}>
          <p>正文</p>
        </Dialog>
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: '下载客户端' });
    expect(dialog).toHaveAccessibleDescription('一句说明');
    expect(dialog).toHaveStyle({ width: '500px', height: '460px' });
    expect(screen.getByText('正文')).toBeInTheDocument();
  });

  it('keeps a hidden title for screen readers and has no description when none is given', () => {
    renderDialog({ hideTitle: true });
    const dialog = screen.getByRole('dialog', { name: '下载客户端' });
    expect(dialog).not.toHaveAttribute('aria-describedby');
  });

  it('calls onClose from the close button', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls onClose on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls onClose on a click on the overlay, not on a click inside', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.click(screen.getByText('正文'));
    expect(onClose).not.toHaveBeenCalled();
    const overlay = document.querySelector<HTMLElement>('[data-dialog-overlay]');
    expect(overlay).not.toBeNull();
    await user.click(overlay as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('names the close button in the page language', () => {
    renderDialog({}, 'en');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('hides the close button when showClose is false', () => {
    renderDialog({ showClose: false });
    expect(screen.queryByRole('button', { name: '关闭' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '操作' })).toBeInTheDocument();
  });

  it('applies the size, radius and padding it is given', () => {
    renderDialog({ width: 580, height: 670, radius: 20, padding: 0 });
    expect(screen.getByRole('dialog')).toHaveStyle({
      width: '580px',
      height: '670px',
      borderRadius: '20px',
      padding: '0px',
    });
  });

  it('traps focus inside and moves it in on open', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('gives focus back to what had it when the dialog opened', async () => {
    const onClose = vi.fn();
    const tree = (open: boolean) => (
      <I18nProvider i18n={i18nFor('zh')}>
        <button type="button">打开</button>
        <Dialog open={open} onClose={onClose} title="标题" width={500}>
          <button type="button">操作</button>
        </Dialog>
      </I18nProvider>
    );
    const { rerender } = render(tree(false));
    screen.getByRole('button', { name: '打开' }).focus();
    rerender(tree(true));
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    rerender(tree(false));
    // Radix returns focus on the next tick after the dialog unmounts.
    await waitFor(() => expect(screen.getByRole('button', { name: '打开' })).toHaveFocus());
  });

  it('can hand the first focus to a long scrolling body', () => {
    renderDialog({ focusBody: true });
    expect(screen.getByText('正文').parentElement).toHaveFocus();
  });
});
