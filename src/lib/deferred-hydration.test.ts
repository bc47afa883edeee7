import type { ServerManifest } from '@tanstack/router-core';
import { act, createElement, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdoptDomValue } from './adopt-dom-value';
import { type DeferState, deferredManifest, IDLE_START_TIMEOUT_MS, loaderScript } from './deferred-hydration';
import { finishDeferredHydration } from './hydration-replay';

const OPTIONS = {
  sessionCookie: 'Authorization',
  reloadKey: 'chunk-reload-at',
  reloadIntervalMs: 60_000,
  leaveGraceMs: 2000,
};

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

describe('the manifest of a page that hydrates at idle', () => {
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
  let readyState: DocumentReadyState = 'interactive';
  beforeEach(() => {
    const add = window.addEventListener.bind(window);
    vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
      listeners.push([type, listener, options]);
      add(type, listener, options);
    });
    // The loader runs at the end of the body, before the page's `load`.
    readyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    document.body.innerHTML = `
      <a href="#next">next</a>
      <form><input name="phone"><label><input type="checkbox"> agree</label><button type="submit">go</button></form>
      <button type="button" id="tab"><span>tab</span></button>`;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options);
    listeners = [];
    for (const link of document.head.querySelectorAll('link')) link.remove();
    delete window.__portalDefer;
    // biome-ignore lint/suspicious/noDocumentCookie: the test's session cookie
    document.cookie = 'Authorization=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('loads nothing before the page has loaded, then the entry with its preloads once the browser is idle', () => {
    vi.useFakeTimers();
    const { load, state } = runLoader(['/assets/entry.js', '/assets/page.js']);
    vi.advanceTimersByTime(5000);
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0);
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    // jsdom has no requestIdleCallback: the loader falls back to a timer.
    vi.advanceTimersByTime(IDLE_START_TIMEOUT_MS);
    expect(load).toHaveBeenCalledWith('/assets/entry.js');
    expect([...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/entry.js',
      '/assets/page.js',
    ]);
    expect(state).toMatchObject({ i: 0, p: 1, h: 0 });
  });

  it('starts earlier on the first interaction, once', () => {
    const { load, state } = runLoader();
    expect(load).not.toHaveBeenCalled();
    document.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledWith('/assets/entry.js');
    expect(state).toMatchObject({ i: 1, p: 1, h: 0 });
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    window.dispatchEvent(new Event('load'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts on a wheel scroll too', () => {
    const { load } = runLoader();
    document.body.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts at once when a session cookie is there (a logged-in visitor sees the logged-in header)', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test's session cookie
    document.cookie = 'Authorization=token123';
    const { load, state } = runLoader();
    expect(load).toHaveBeenCalledTimes(1);
    expect(state.i).toBe(0);
  });

  it('holds back clicks on buttons and submissions until hydration, lets links and fields be', () => {
    const { state } = runLoader();
    const tab = document.getElementById('tab') as HTMLButtonElement;
    const onTab = vi.fn();
    tab.addEventListener('click', onTab);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    tab.querySelector('span')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(onTab).not.toHaveBeenCalled();
    expect(state.q).toEqual([{ c: tab }]);
    // The press shows at once that it was taken.
    expect(tab.hasAttribute('data-held')).toBe(true);

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

    state.h = 1;
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    tab.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(onTab).toHaveBeenCalledTimes(1);
  });

  it('queues a click for the element that was pressed when the release landed elsewhere (the page moved)', () => {
    const { state } = runLoader();
    const form = document.querySelector('form') as HTMLFormElement;
    const button = form.querySelector('button') as HTMLButtonElement;
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    // Released over the field: the browser sends the click to the common ancestor, the form.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    form.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(state.q).toEqual([{ c: button }]);
  });
});

/** A login form as the server renders it: the password way shown, the code way hidden. */
const LOGIN_FORM = `
  <form>
    <fieldset>
      <button type="button" aria-pressed="true" data-held-switch="password">Password</button>
      <button type="button" aria-pressed="false" data-held-switch="code">SMS code</button>
    </fieldset>
    <div data-field=""><input name="phone"><p>hint</p></div>
    <div data-field="" data-held-region="password"><input name="password"></div>
    <div data-field="" data-held-region="code" hidden><input name="code">
      <button type="button" id="sms" data-held-check='{"phone":"Phone number is required"}'>Get code</button>
    </div>
    <button type="submit" data-held-check='{"phone":"Enter your phone number","password":"Enter your password","code":"Enter the code"}'><span>Log in</span></button>
  </form>`;

describe('the inline loader answers what the HTML can answer by itself', () => {
  let listeners: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  beforeEach(() => {
    const add = window.addEventListener.bind(window);
    vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
      listeners.push([type, listener, options]);
      add(type, listener, options);
    });
    document.body.innerHTML = LOGIN_FORM;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options);
    listeners = [];
    for (const link of document.head.querySelectorAll('link')) link.remove();
    delete window.__portalDefer;
  });

  const $ = <E extends Element>(css: string) => document.querySelector(css) as E;
  const click = (element: Element) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    element.dispatchEvent(event);
    return event;
  };
  const messages = () =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-held-error]')].map((field) => [
        field.querySelector('input')?.name,
        field.getAttribute('data-held-error'),
      ]),
    );

  it('marks the empty shown fields of a pressed submit with their messages, focuses the first, still queues it', () => {
    const { state } = runLoader();
    const submit = $<HTMLButtonElement>('button[type=submit]');
    expect(click(submit.querySelector('span') as Element).defaultPrevented).toBe(true);
    // The code field is hidden (the other way): not checked.
    expect(messages()).toEqual({ phone: 'Enter your phone number', password: 'Enter your password' });
    expect(document.activeElement).toBe($('input[name=phone]'));
    // Answered: no busy state, and the press runs again once the app is live.
    expect(submit.hasAttribute('data-held')).toBe(false);
    expect(state.q).toEqual([{ c: submit }]);
  });

  it("leaves a filled field unmarked, and typing takes a field's message away", () => {
    runLoader();
    $<HTMLInputElement>('input[name=password]').value = 'secret-pass';
    click($('button[type=submit]'));
    expect(messages()).toEqual({ phone: 'Enter your phone number' });
    const phone = $<HTMLInputElement>('input[name=phone]');
    phone.value = '1';
    phone.dispatchEvent(new Event('input', { bubbles: true }));
    expect(messages()).toEqual({});
  });

  it('shows the busy state when nothing is missing (the press needs the app)', () => {
    const { state } = runLoader();
    for (const name of ['phone', 'password']) $<HTMLInputElement>(`input[name=${name}]`).value = 'filled-in';
    const submit = $<HTMLButtonElement>('button[type=submit]');
    click(submit);
    expect(messages()).toEqual({});
    expect(submit.hasAttribute('data-held')).toBe(true);
    expect(state.q).toEqual([{ c: submit }]);
  });

  it("switches the form's way: the other fields shown, the buttons pressed, the messages gone", () => {
    const { state } = runLoader();
    click($('button[type=submit]'));
    const code = $<HTMLButtonElement>('[data-held-switch=code]');
    click(code);
    expect($('[data-held-region=code]').hasAttribute('hidden')).toBe(false);
    expect($('[data-held-region=password]').hasAttribute('hidden')).toBe(true);
    expect(code.getAttribute('aria-pressed')).toBe('true');
    expect($('[data-held-switch=password]').getAttribute('aria-pressed')).toBe('false');
    expect(messages()).toEqual({});
    expect(code.hasAttribute('data-held')).toBe(false);
    // Now the code is checked and the password is not; "get code" checks the phone with its own message.
    click($('button[type=submit]'));
    expect(messages()).toEqual({ phone: 'Enter your phone number', code: 'Enter the code' });
    click($('#sms'));
    expect(messages()).toEqual({ phone: 'Phone number is required', code: 'Enter the code' });
    expect(state.q.map((action) => ('c' in action ? action.c : null))).toEqual([
      $('button[type=submit]'),
      code,
      $('button[type=submit]'),
      $('#sms'),
    ]);
  });

  it('still holds the press when a check cannot be read', () => {
    const { state } = runLoader();
    const submit = $<HTMLButtonElement>('button[type=submit]');
    submit.setAttribute('data-held-check', '{not json');
    expect(click(submit).defaultPrevented).toBe(true);
    expect(state.q).toEqual([{ c: submit }]);
  });
});

describe('after hydration', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete window.__portalDefer;
  });

  it('replays the queued clicks once, a task later, and lets events through from then on', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button type="button">go</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    button.setAttribute('data-held', '');
    window.__portalDefer = { q: [{ c: button }], h: 0, i: 1, p: 1 };
    finishDeferredHydration(window);
    expect(window.__portalDefer.h).toBe(1);
    expect(button.hasAttribute('data-held')).toBe(false);
    expect(onClick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClick).toHaveBeenCalledTimes(1);
    finishDeferredHydration(window);
    vi.advanceTimersByTime(100);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('replays a held-back submission as a click on its submit button (React hydrates on a click)', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<form><input name="phone"><button>go</button></form>';
    const form = document.querySelector('form') as HTMLFormElement;
    const button = form.querySelector('button') as HTMLButtonElement;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    const submits = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submits);
    window.__portalDefer = { q: [{ f: form, s: null }], h: 0, i: 1, p: 1 };
    finishDeferredHydration(window);
    vi.advanceTimersByTime(1);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(submits).toHaveBeenCalledTimes(1);
  });
});

describe('after hydration, what the loader answered', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete window.__portalDefer;
  });

  it("goes in the replay's task, and a visitor typing into another field keeps the focus", () => {
    vi.useFakeTimers();
    document.body.innerHTML = LOGIN_FORM;
    const [phone, password] = ['phone', 'password'].map(
      (name) => document.querySelector(`input[name=${name}]`) as HTMLInputElement,
    );
    const submit = document.querySelector('button[type=submit]') as HTMLButtonElement;
    const field = password.closest('[data-field]') as HTMLElement;
    field.setAttribute('data-held-error', 'Enter your password');
    // The app's check, replayed: it focuses its first invalid field (here the password).
    submit.addEventListener('click', (event) => {
      event.preventDefault();
      password.focus();
    });
    phone.focus();
    window.__portalDefer = { q: [{ c: submit }], h: 0, i: 1, p: 1 };
    finishDeferredHydration(window);
    expect(field.hasAttribute('data-held-error')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(field.hasAttribute('data-held-error')).toBe(false);
    expect(document.activeElement).toBe(phone);
  });
});

/** A controlled field as the forms have it, with the adoption of src/features/auth/fields.tsx. */
const seen: string[] = [];
function Field({ adopt }: { adopt: boolean }) {
  const [value, setValue] = useState('');
  const [renders, setRenders] = useState(0);
  const ref = useRef<HTMLInputElement | null>(null);
  useAdoptDomValue(ref, value, adopt ? setValue : () => {});
  seen.push(value);
  return createElement(
    'div',
    null,
    createElement('input', { ref, value, onChange: (e: { target: { value: string } }) => setValue(e.target.value) }),
    createElement('button', { type: 'button', onClick: () => setRenders(renders + 1) }, 'render again'),
  );
}

describe('a field typed into before it hydrates', () => {
  for (const adopt of [true, false])
    it(
      adopt
        ? 'keeps the text and has it in its state after the next render'
        : 'without the adoption, loses the text at the next render (what the adoption is for)',
      async () => {
        seen.length = 0;
        const container = document.createElement('div');
        container.innerHTML = renderToString(createElement(Field, { adopt }));
        document.body.append(container);
        const input = container.querySelector('input') as HTMLInputElement;
        // Typed natively while the page's code was on its way.
        input.value = '13800138000';
        const root = await act(async () => hydrateRoot(container, createElement(Field, { adopt })));
        await act(async () => (container.querySelector('button') as HTMLButtonElement).click());
        if (adopt) {
          expect(input.value).toBe('13800138000');
          expect(seen.at(-1)).toBe('13800138000');
        } else expect(input.value).toBe('');
        act(() => root.unmount());
        container.remove();
      },
    );
});
