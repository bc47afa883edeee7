import type { ServerManifest } from '@tanstack/router-core';
import { act, createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeferState, deferredManifest, loaderScript } from './deferred-hydration';
import { finishDeferredHydration, replayFieldValues } from './hydration-replay';

const OPTIONS = { sessionCookie: 'Authorization', reloadKey: 'chunk-reload-at', reloadIntervalMs: 60_000 };

const built: ServerManifest = {
  routes: {
    __root__: {
      preloads: ['/assets/entry.js', '/assets/shared.js'],
      css: ['/assets/entry.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/entry.js', async: true } }],
    },
    '/{-$locale}/register': { preloads: ['/assets/register.js'], css: ['/assets/register.css'] },
    '/{-$locale}/': { preloads: ['/assets/home.js'], css: ['/assets/home.css'] },
  },
};

describe('the manifest of a page that hydrates on interaction', () => {
  it('keeps the stylesheets, drops every preload and puts the loader in place of the entry script', () => {
    const manifest = deferredManifest(built, { ...OPTIONS, routeIds: ['__root__', '/{-$locale}/register'] });
    expect(manifest?.routes.__root__?.css).toEqual(['/assets/entry.css']);
    expect(manifest?.routes['/{-$locale}/register']).toEqual({ css: ['/assets/register.css'] });
    for (const route of Object.values(manifest?.routes ?? {})) expect(route.preloads).toBeUndefined();
    const [script, ...others] = manifest?.routes.__root__?.scripts ?? [];
    expect(others).toEqual([]);
    expect(script?.attrs).toEqual({});
    // The entry, its chunks and the page's, preloaded when the entry starts; not the home page's.
    expect(script?.children).toContain(
      'E="/assets/entry.js",P=["/assets/entry.js","/assets/shared.js","/assets/register.js"]',
    );
  });

  it('leaves development alone (several scripts: Vite serves the sources)', () => {
    const dev: ServerManifest = {
      routes: {
        __root__: { scripts: [{ attrs: { src: '/@vite/client' } }, { attrs: { src: '/src/entry-client.tsx' } }] },
      },
    };
    expect(deferredManifest(dev, { ...OPTIONS, routeIds: ['__root__'] })).toBeUndefined();
  });
});

/** Runs the loader in this document, its `import()` replaced by a spy. */
function runLoader(preloads: string[] = ['/assets/entry.js']) {
  const load = vi.fn(() => Promise.resolve());
  (window as unknown as { __import: typeof load }).__import = load;
  const source = loaderScript({ ...OPTIONS, entry: '/assets/entry.js', preloads }).replace(
    'import(E)',
    'window.__import(E)',
  );
  // biome-ignore lint/security/noGlobalEval: the loader is inline script text; this is how a page runs it
  window.eval(source);
  return { load, state: window.__portalDefer as DeferState };
}

describe('the inline loader', () => {
  let listeners: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  beforeEach(() => {
    const add = window.addEventListener.bind(window);
    vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
      listeners.push([type, listener, options]);
      add(type, listener, options);
    });
    document.body.innerHTML = `
      <a href="#next">next</a>
      <form><input name="phone"><label><input type="checkbox"> agree</label><button type="submit">go</button></form>
      <button type="button" id="tab"><span>tab</span></button>`;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options);
    listeners = [];
    for (const link of document.head.querySelectorAll('link')) link.remove();
    delete window.__portalDefer;
    // biome-ignore lint/suspicious/noDocumentCookie: the test's session cookie
    document.cookie = 'Authorization=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('loads nothing until the first interaction, then the entry with its preloads', () => {
    const { load, state } = runLoader(['/assets/entry.js', '/assets/page.js']);
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0);
    document.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledWith('/assets/entry.js');
    expect([...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/entry.js',
      '/assets/page.js',
    ]);
    expect(state).toMatchObject({ i: 1, p: 1, h: 0 });
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts at once when a session cookie is there (a logged-in visitor sees the logged-in header)', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test's session cookie
    document.cookie = 'Authorization=token123';
    const { load, state } = runLoader();
    expect(load).toHaveBeenCalledTimes(1);
    expect(state.i).toBe(0);
  });

  it('holds back clicks on buttons and submissions until hydration, records typed values, lets links be', () => {
    const { state } = runLoader();
    const tab = document.getElementById('tab') as HTMLButtonElement;
    const onTab = vi.fn();
    tab.addEventListener('click', onTab);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    tab.querySelector('span')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(onTab).not.toHaveBeenCalled();
    expect(state.q).toEqual([{ c: tab }]);

    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')?.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const box = document.querySelector<HTMLInputElement>('input[type=checkbox]');
    const tick = new MouseEvent('click', { bubbles: true, cancelable: true });
    box?.dispatchEvent(tick);
    expect(tick.defaultPrevented).toBe(false);

    const form = document.querySelector('form') as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(state.q[1]).toMatchObject({ f: form });

    const phone = document.querySelector<HTMLInputElement>('input[name=phone]') as HTMLInputElement;
    phone.value = '13800138000';
    phone.dispatchEvent(new Event('input', { bubbles: true }));
    expect(state.v.get(phone)).toEqual(['13800138000', false]);

    state.h = 1;
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    tab.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(onTab).toHaveBeenCalledTimes(1);
  });
});

/** What a controlled field rendered: its state at each render. */
const seen: string[] = [];
function Field() {
  const [value, setValue] = useState('');
  seen.push(value);
  return createElement('input', { value, onChange: (e: { target: { value: string } }) => setValue(e.target.value) });
}

describe('after hydration', () => {
  it('hands a recorded value to a controlled React field even after React put the field back to its state', async () => {
    seen.length = 0;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(createElement(Field)));
    const input = container.querySelector('input') as HTMLInputElement;
    const values: DeferState['v'] = new Map([[input, ['13800138000', false]]]);
    await act(async () => {
      expect(replayFieldValues(values)).toBe(1);
    });
    expect(seen.at(-1)).toBe('13800138000');
    expect(input.value).toBe('13800138000');
    root.unmount();
    container.remove();
  });

  it('waits for the queued elements to hydrate, then replays the clicks once', () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<button type="button">go</button>';
      const button = document.querySelector('button') as HTMLButtonElement;
      const onClick = vi.fn();
      button.addEventListener('click', onClick);
      window.__portalDefer = { q: [{ c: button }], v: new Map(), h: 0, i: 1, p: 1 };
      let hydrated = false;
      finishDeferredHydration(window, { isHydrated: () => hydrated });
      vi.advanceTimersByTime(100);
      expect(window.__portalDefer.h).toBe(0);
      hydrated = true;
      vi.advanceTimersByTime(100);
      expect(window.__portalDefer.h).toBe(1);
      expect(onClick).toHaveBeenCalledTimes(1);
      finishDeferredHydration(window, { isHydrated: () => true });
      vi.advanceTimersByTime(100);
      expect(onClick).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      delete window.__portalDefer;
    }
  });

  it('waits for every form control of the page, not only those touched yet, at most 5 s', () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<form><input name="phone"><button type="submit">go</button></form>';
      window.__portalDefer = { q: [], v: new Map(), h: 0, i: 1, p: 1 };
      const input = document.querySelector('input') as HTMLInputElement;
      // The form and the button are React's, the field not yet (its Suspense boundary hydrates later).
      finishDeferredHydration(window, { isHydrated: (element) => element !== input });
      vi.advanceTimersByTime(1000);
      expect(window.__portalDefer.h).toBe(0);
      vi.advanceTimersByTime(4100);
      expect(window.__portalDefer.h).toBe(1);
    } finally {
      vi.useRealTimers();
      delete window.__portalDefer;
    }
  });
});
