import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { createAppActors, serverEffects } from '~/app/actors';
import { ActorsContext } from '~/app/actors-context';
import { i18nFor, loadLocale } from '~/lib/i18n';
import { LoadingBar } from './loading-bar';

async function renderBar() {
  await loadLocale('en');
  const actors = createAppActors(serverEffects);
  render(
    <ActorsContext.Provider value={actors}>
      <I18nProvider i18n={i18nFor('en')}>
        <LoadingBar />
      </I18nProvider>
    </ActorsContext.Provider>,
  );
  return actors.loadingBar;
}

const bar = () => screen.getByRole('progressbar', { hidden: true });

describe('LoadingBar', () => {
  afterEach(() => vi.useRealTimers());

  it('stays hidden for a fast navigation and shows for a slow one until it finishes', async () => {
    const loadingBar = await renderBar();
    vi.useFakeTimers();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => loadingBar.send({ type: 'nav.start' }));
    act(() => vi.advanceTimersByTime(100));
    act(() => loadingBar.send({ type: 'nav.done' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => loadingBar.send({ type: 'nav.start' }));
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toHaveAttribute('data-phase', 'running');
    act(() => loadingBar.send({ type: 'nav.done' }));
    expect(bar()).toHaveAttribute('data-phase', 'finishing');
    act(() => vi.advanceTimersByTime(600));
    expect(bar()).toHaveAttribute('data-phase', 'idle');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('turns to the failed state when the navigation fails', async () => {
    const loadingBar = await renderBar();
    vi.useFakeTimers();
    act(() => loadingBar.send({ type: 'nav.start' }));
    act(() => vi.advanceTimersByTime(250));
    act(() => loadingBar.send({ type: 'nav.fail' }));
    expect(screen.getByRole('progressbar', { name: 'Page failed to load' })).toHaveAttribute('data-phase', 'failed');
  });
});
