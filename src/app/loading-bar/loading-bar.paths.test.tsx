import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadingBarMachine } from '#machines/loading-bar/loading-bar.machine';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { renderWithProviders } from '~/test/providers';
import { LoadingBar } from './loading-bar';

const events = [{ type: 'nav.start' }, { type: 'nav.done' }, { type: 'nav.fail' }] as const;
const VISIBLE = new Set(['running', 'stalled', 'finishing', 'failed']);

describe('loading bar, replaying every generated path of its machine against the rendered bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = machinePaths(loadingBarMachine, { events });

  it.each(paths.map((path) => [describePath(path, loadingBarMachine).join(' → '), path] as const))(
    '%s',
    async (_, path) => {
      const { actors } = await renderWithProviders(<LoadingBar />, { locale: 'en' });
      await replayPath(path, loadingBarMachine, {
        send: (event) => act(() => actors.loadingBar.send(event as (typeof events)[number])),
        // The real timers of the machine (200, 5000, 500 ms) run out on the fake clock.
        wait: (ms) => act(() => void vi.advanceTimersByTime(ms)),
        check: (state) => {
          const visible = VISIBLE.has(String(state.value));
          const bar = screen.queryByRole('progressbar');
          expect(bar !== null, `bar visible in ${String(state.value)}`).toBe(visible);
          const hidden = screen.getByRole('progressbar', { hidden: true });
          expect(hidden).toHaveAttribute('data-phase', String(state.value));
          if (state.value === 'failed') expect(hidden).toHaveAccessibleName('Page failed to load');
        },
      });
    },
  );
});
