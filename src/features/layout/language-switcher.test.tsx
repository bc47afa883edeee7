import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '#shared/locale';
import { LanguageSwitcher } from './language-switcher';
import { renderInLayout } from './test-utils';

afterEach(() => {
  Cookies.remove(LANGUAGE_COOKIE, { path: '/' });
  window.localStorage.clear();
});

describe('LanguageSwitcher', () => {
  it('marks the current language', async () => {
    await renderInLayout(<LanguageSwitcher />, { locale: 'en', path: '/en/login' });
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('works before the code of the page runs: each button submits a GET of the page in its language', async () => {
    await renderInLayout(<LanguageSwitcher />, { path: '/business-college/electricity/7' });
    const english = screen.getByRole('button', { name: 'English' });
    expect(english).toHaveAttribute('type', 'submit');
    expect(english.closest('form')).toHaveAttribute('action', '/en/business-college/electricity/7');
    expect(english.closest('form')).toHaveAttribute('method', 'get');
    expect(screen.getByRole('button', { name: '中文' }).closest('form')).toHaveAttribute(
      'action',
      '/business-college/electricity/7',
    );
  });

  it('keeps the page and its query in English and remembers the choice', async () => {
    const { user, router } = await renderInLayout(<LanguageSwitcher />, {
      path: '/business-college/electricity/7?keyword=invite#answer',
    });
    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/business-college/electricity/7'));
    expect(router.state.location.searchStr).toBe('?keyword=invite');
    expect(router.state.location.hash).toBe('answer');
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('goes from the English home page to the Chinese one', async () => {
    const { user, router } = await renderInLayout(<LanguageSwitcher />, { locale: 'en', path: '/en' });
    await user.click(screen.getByRole('button', { name: '中文' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('zh');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
  });

  it('does nothing when the current language is chosen again', async () => {
    const { user, router } = await renderInLayout(<LanguageSwitcher />, { path: '/login?from=ad' });
    await user.click(screen.getByRole('button', { name: '中文' }));
    expect(router.state.location.href).toBe('/login?from=ad');
    expect(Cookies.get(LANGUAGE_COOKIE)).toBeUndefined();
  });
});
