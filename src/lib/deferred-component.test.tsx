import { act, type ComponentType, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, LEAVE_GRACE_MS, noteLeaving, resetLeaving } from './chunk-reload';
import { Deferred, deferredPart } from './deferred-component';
import { box } from './deferred-component.css';

const cancelled = () => new TypeError('error loading dynamically imported module: http://x/assets/footer.js');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetLeaving();
  sessionStorage.clear();
});

describe('a deferred part whose code fails', () => {
  it('hands React the reason of a failure that is not a chunk load (not a reasonless rejection)', async () => {
    const boom = new Error('the part threw while loading');
    const loaded = deferredPart('part', () => Promise.reject(boom)).loaded() as Promise<unknown> & {
      status?: string;
      reason?: unknown;
    };
    await expect(loaded).rejects.toBe(boom);
    expect(loaded.status).toBe('rejected');
    expect(loaded.reason).toBe(boom);
  });

  it('keeps the server HTML and logs nothing when the page is left within the grace (Firefox cancelled it)', async () => {
    vi.useFakeTimers();
    // The guard reloaded less than a minute ago: only the grace keeps the error out of the console.
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const loaded = deferredPart('part', () => Promise.reject(cancelled())).loaded() as Promise<unknown> & {
      status?: string;
    };
    await vi.advanceTimersByTimeAsync(10);
    noteLeaving();
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS + 10);
    expect(loaded.status).toBe('pending');
    expect(error).not.toHaveBeenCalled();
  });

  it('logs the failure after the grace when the page stayed and the guard reloaded less than a minute ago', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    deferredPart('part', () => Promise.reject(cancelled())).loaded();
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS - 100);
    expect(error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(error).toHaveBeenCalledWith('[portal] a part of the page could not load:', expect.any(TypeError));
  });
});

const pressed = vi.fn();
function Part() {
  return (
    <button type="button" onClick={pressed}>
      Contact
    </button>
  );
}

describe('a click on a part whose code has not arrived', () => {
  it('is held, asks for the code at once, and runs once the part is live', async () => {
    pressed.mockClear();
    // The server's HTML of the part (rendered with its code, as the server has it).
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <div className={box} data-part-pending="held-part">
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </div>,
    );
    document.body.append(container);
    let arrive: (component: ComponentType) => void = () => {};
    const load = vi.fn(() => new Promise<ComponentType>((resolve) => (arrive = resolve)));
    const part = deferredPart('held-part', load);
    const root = await act(async () => hydrateRoot(container, <Deferred part={part} />));
    const button = container.querySelector('button') as HTMLButtonElement;

    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => button.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(button.hasAttribute('data-held')).toBe(true);
    // Asked for at once, not when the browser is next idle.
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(pressed).not.toHaveBeenCalled();

    await act(async () => arrive(Part));
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('data-held')).toBe(false);
    expect(container.querySelector('[data-part-pending]')).toBeNull();
    // Live: clicks go straight through.
    await act(async () => button.click());
    expect(pressed).toHaveBeenCalledTimes(2);
    root.unmount();
    container.remove();
  });
});
