/**
 * Hydration at idle (docs/decisions/028-hydration-at-idle.md). A route with `staticData.hydrate: 'idle'`
 * (/register, /login, /scan_code) is served without the client entry's script and without any modulepreload: nothing
 * competes with the first paint. Its HTML carries a small inline loader (this file's `loaderScript`) that
 *
 * - imports the entry (preloading its chunks and the page's at the same moment) as soon as the page has loaded
 *   and the browser is idle, so the page is live before the visitor is likely to act; earlier on the first
 *   pointerdown, touchstart, focusin, keydown, wheel or mouseover, or at once when a session cookie is present
 *   (a logged-in visitor sees the logged-in header without touching anything);
 * - until the app has hydrated, holds back what the server's HTML cannot do by itself: a click on anything but a
 *   link or a form field (buttons, tabs, dialog buttons) and every form submission (which would otherwise go out
 *   natively, as a GET with the password in the URL) are cancelled and queued in `window.__portalDefer`. A click
 *   is queued for the element that was pressed: when the page moved between press and release, the browser
 *   sends the click to an ancestor of both. A held press answers at once: its element gets `data-held` (shown
 *   as pressed and busy) until the press runs again. A press the HTML can answer by itself gets the app's answer
 *   at once, and still runs again once the app is live: a button with `data-held-check` (the names of its
 *   form's fields, each with the message the app gives it when empty) marks the empty shown fields with that
 *   message (`data-held-error` on the field, src/features/auth/auth-form.css.ts) and focuses the first; a
 *   button with `data-held-switch` shows the fields of its way (`data-held-region`) and hides the others.
 *   Only attributes change, never the tree, so hydration meets the server's nodes; the replayed press then
 *   makes the app set the same state.
 *
 * Typing needs no help: the fields keep what the visitor typed, and each field adopts its DOM value when it
 * hydrates (src/features/auth/fields.tsx). Once the document has hydrated, `finishDeferredHydration`
 * (./hydration-replay.ts) lets events through and replays the queue; React hydrates the part of the page an
 * event is for before it handles it.
 *
 * Only the renderer (src/entry-server.tsx) uses this module; the loader is plain ES2017 text, not bundled code.
 */
import type { ServerManifest } from '@tanstack/router-core';

/** The loader's state on `window.__portalDefer` (short keys: the loader is inline in every such page). */
export interface DeferState {
  /** Queued actions: a click to run again (`c`), or a form to submit again (`f`, with its submitter `s`). */
  q: ({ c: HTMLElement } | { f: HTMLFormElement; s?: HTMLElement | null })[];
  /** 1 once the app has hydrated: the loader lets everything through from then on. */
  h: 0 | 1;
  /** 1 once the visitor has interacted before the entry started (0 when idle or a session cookie started it). */
  i: 0 | 1;
  /** 1 once the entry's import has started. */
  p: 0 | 1;
  /** The element of the last pointerdown before hydration (the click's intended target). */
  d?: Element | null;
  /** 1 once the page is being left: a failed import then reloads nothing. */
  l?: 0 | 1;
}

declare global {
  interface Window {
    __portalDefer?: DeferState;
  }
}

/**
 * The events that start the app at once: the first touch, click, key, focus, wheel, or (desktop) the pointer
 * over the page.
 */
export const START_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'wheel', 'mouseover'] as const;

/** How long the idle start waits at most for the browser to be idle once the page has loaded. */
export const IDLE_START_TIMEOUT_MS = 300;

interface LoaderOptions {
  /** The client entry's URL. */
  entry: string;
  /** Module URLs to preload when the entry starts (the entry's chunks and the page's). */
  preloads: readonly string[];
  /** The session cookie whose presence starts the entry at once. */
  sessionCookie: string;
  /** The chunk-reload guard's sessionStorage key and interval: a failed entry import reloads the page once. */
  reloadKey: string;
  reloadIntervalMs: number;
  /** How long a failed import waits for the page to be left before it counts (chunk-reload's LEAVE_GRACE_MS). */
  leaveGraceMs: number;
}

/** The inline loader's source text (a classic script: it runs as soon as it is parsed, at the end of the body). */
export function loaderScript(options: LoaderOptions): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return [
    '(function(){',
    'var w=window,d=document,S={q:[],h:0,i:0,p:0,d:null,l:0};w.__portalDefer=S;',
    `var E=${json(options.entry)},P=${json(options.preloads)},T=${json(START_EVENTS)},K=${json(options.reloadKey)};`,
    'function start(){if(S.p)return;S.p=1;',
    'T.forEach(function(t){w.removeEventListener(t,go,true)});',
    "P.forEach(function(f){var l=d.createElement('link');l.rel='modulepreload';l.href=f;d.head.appendChild(l)});",
    // The entry could not be loaded (a deploy replaced it): one reload per interval, as the chunk guard does;
    // nothing when the page is being left (the browser cancelled the load). Firefox cancels the loads when a
    // navigation starts, before pagehide: the decision waits the grace (a page that is left never makes it).
    'import(E).catch(function(e){setTimeout(function(){if(S.l)return;try{var n=Date.now(),l=+sessionStorage.getItem(K)||0;',
    `if(!l||n-l>=${options.reloadIntervalMs}){sessionStorage.setItem(K,String(n));location.reload();return}}catch(x){}`,
    `console.error('[portal] the page could not start:',e)},${options.leaveGraceMs})})}`,
    'function go(){S.i=1;start()}',
    'T.forEach(function(t){w.addEventListener(t,go,{capture:true,passive:true})});',
    // After the first paint and the page's load, when the browser is idle: the page is live before most
    // visitors act, and nothing of it competes with the first paint.
    `function idle(){if(w.requestIdleCallback)w.requestIdleCallback(start,{timeout:${IDLE_START_TIMEOUT_MS}});else setTimeout(start,0)}`,
    "if(d.readyState==='complete')idle();else w.addEventListener('load',idle);",
    "w.addEventListener('pagehide',function(){S.l=1});",
    // A press the page's HTML can answer by itself gets that answer at once (`answer`); any other held press
    // shows that it was taken (`data-held`, src/styles/theme.css.ts) until it runs again.
    "function hold(e,x){e.preventDefault();e.stopImmediatePropagation();go();try{if(x&&x.setAttribute&&!answer(x))x.setAttribute('data-held','')}catch(r){}}",
    // The switch between a form's ways: its buttons (`data-held-switch`) show the fields of their way
    // (`data-held-region`) and hide the others, and the form's messages go, as the app's switch does.
    "function answer(x){x=x.closest&&x.closest('[data-held-check],[data-held-switch]');var f=x&&x.closest('form'),v,c,n,i,b,first=null;if(!f)return 0;",
    "v=x.getAttribute('data-held-switch');if(v!==null){",
    "f.querySelectorAll('[data-held-region]').forEach(function(r){if(r.getAttribute('data-held-region')===v)r.removeAttribute('hidden');else r.setAttribute('hidden','')});",
    "f.querySelectorAll('[data-held-switch]').forEach(function(o){o.setAttribute('aria-pressed',String(o.getAttribute('data-held-switch')===v))});",
    "f.querySelectorAll('[data-held-error]').forEach(function(o){o.removeAttribute('data-held-error')});return 1}",
    // The check of empty fields (`data-held-check`: each field's name with its message when empty): an empty
    // shown field gets its message (`data-held-error` on its `data-field`), the first one the focus. Only
    // emptiness: every check of the app gives a field its own "required" message when it is empty.
    "c=JSON.parse(x.getAttribute('data-held-check'));for(n in c){i=f.querySelector('[name=\"'+n+'\"]');b=i&&i.closest('[data-field]');if(!b||i.closest('[hidden]'))continue;",
    "if(i.value===''){b.setAttribute('data-held-error',c[n]);first=first||i}else b.removeAttribute('data-held-error')}",
    'if(first)first.focus();return first?1:0}',
    // Typing into a field takes its message away, as in the app.
    "w.addEventListener('input',function(e){var b=!S.h&&e.target.closest&&e.target.closest('[data-held-error]');if(b)b.removeAttribute('data-held-error')},true);",
    "w.addEventListener('pointerdown',function(e){if(!S.h)S.d=e.target},true);",
    "w.addEventListener('click',function(e){if(S.h)return;var t=e.target,p=S.d;S.d=null;if(!t||!t.closest)return;",
    // Pressed on one element, released on another (the page moved): the click goes to their common ancestor.
    'if(p&&p!==t&&p.closest&&t.contains(p)){S.q.push({c:p});hold(e,p);return}',
    // Links work natively; form fields keep their native behaviour (typing, ticking).
    "if(t.closest('a[href],label,select,textarea,option')||t.closest('input')&&!/^(submit|button|image|reset)$/.test(t.closest('input').type))return;",
    "var c=t.closest('button,input,summary,[role=button]')||t;S.q.push({c:c});hold(e,c)},true);",
    "w.addEventListener('submit',function(e){if(S.h)return;S.q.push({f:e.target,s:e.submitter});hold(e,e.submitter||e.target)},true);",
    `if(/(?:^|;\\s*)${options.sessionCookie}=[^;]/.test(d.cookie))start()`,
    '})();',
  ].join('');
}

/** The route flag: the page hydrates at load (its script in the HTML) or at idle (the loader). */
export type HydrateMode = 'load' | 'idle';

/**
 * The manifest for a page that hydrates at idle: the same stylesheets, no modulepreload at all, and the
 * loader instead of the entry's script. Undefined when the manifest has no single entry script (development,
 * where Vite serves the sources: pages hydrate at load there).
 */
export function deferredManifest(
  manifest: ServerManifest,
  options: Omit<LoaderOptions, 'entry' | 'preloads'> & { routeIds: readonly string[] },
): ServerManifest | undefined {
  const root = manifest.routes.__root__;
  const scripts = root?.scripts ?? [];
  const entry = scripts.length === 1 ? scripts[0]?.attrs?.src : undefined;
  if (!root || typeof entry !== 'string') return undefined;
  const preloads: string[] = [];
  const routes: ServerManifest['routes'] = {};
  for (const [id, route] of Object.entries(manifest.routes)) {
    const { preloads: own = [], ...rest } = route;
    if (id === '__root__' || options.routeIds.includes(id))
      for (const link of own) preloads.push(typeof link === 'string' ? link : link.href);
    routes[id] = rest;
  }
  routes.__root__ = {
    ...routes.__root__,
    scripts: [{ attrs: {}, children: loaderScript({ ...options, entry, preloads: [...new Set(preloads)] }) }],
  };
  return { ...manifest, routes };
}
