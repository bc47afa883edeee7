/**
 * Hydration on the first interaction (docs/decisions/026-hydration-on-first-interaction.md). A route with
 * `staticData.hydrate: 'interaction'` (/register, /login) is served without the client entry's script and
 * without any modulepreload: its HTML carries only a small inline loader (this file's `loaderScript`) that
 *
 * - imports the entry (preloading its chunks and the page's at the same moment) on the first pointerdown,
 *   touchstart, focusin, keydown or mouseover, or at once when a session cookie is present (a logged-in visitor
 *   sees the logged-in header without touching anything);
 * - records what is typed or ticked (React resets a controlled field to its state when it re-renders);
 * - until the app has hydrated, holds back what the server's HTML cannot do by itself: a click on anything but
 *   a link or a form field (buttons, tabs, dialog buttons) and every form submission (which would otherwise go
 *   out natively, as a GET with the password in the URL) are cancelled and queued in `window.__portalDefer`.
 *
 * The entry then calls `finishDeferredHydration` (./hydration-replay.ts) once the document has hydrated: what
 * was typed or ticked is handed to React as change events, and the queued clicks and submissions run again.
 *
 * Only the renderer (src/entry-server.tsx) uses this module; the loader is plain ES2017 text, not bundled code.
 */
import type { ServerManifest } from '@tanstack/router-core';

/** The loader's state on `window.__portalDefer` (short keys: the loader is inline in every such page). */
export interface DeferState {
  /** Queued actions: a click to run again (`c`), or a form to submit again (`f`, with its submitter `s`). */
  q: ({ c: HTMLElement } | { f: HTMLFormElement; s?: HTMLElement | null })[];
  /**
   * What the visitor typed or ticked before hydration, recorded at each `input` / `change` event: React puts a
   * controlled field back to its state when it re-renders after hydrating, so the DOM does not keep it.
   */
  v: Map<HTMLInputElement | HTMLTextAreaElement, [value: string, checked: boolean]>;
  /** 1 once the app has hydrated: the loader lets everything through from then on. */
  h: 0 | 1;
  /** 1 while the app waits for the page's fields to hydrate (src/lib/hydration-replay.ts). */
  w?: 0 | 1;
  /** 1 once the visitor has interacted (0 when a session cookie started the entry). */
  i: 0 | 1;
  /** 1 once the entry's import has started. */
  p: 0 | 1;
}

declare global {
  interface Window {
    __portalDefer?: DeferState;
  }
}

/** The events that start the app: the first touch, click, key, focus, or (desktop) the pointer over the page. */
export const START_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'mouseover'] as const;

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
}

/** The inline loader's source text (a classic script: it runs as soon as it is parsed, at the end of the body). */
export function loaderScript(options: LoaderOptions): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return [
    '(function(){',
    'var w=window,d=document,S={q:[],v:new Map(),h:0,i:0,p:0};w.__portalDefer=S;',
    `var E=${json(options.entry)},P=${json(options.preloads)},T=${json(START_EVENTS)},K=${json(options.reloadKey)};`,
    'function start(){if(S.p)return;S.p=1;',
    'T.forEach(function(t){w.removeEventListener(t,go,true)});',
    "P.forEach(function(f){var l=d.createElement('link');l.rel='modulepreload';l.href=f;d.head.appendChild(l)});",
    // The entry could not be loaded (a deploy replaced it): one reload per interval, as the chunk guard does.
    'import(E).catch(function(e){try{var n=Date.now(),l=+sessionStorage.getItem(K)||0;',
    `if(!l||n-l>=${options.reloadIntervalMs}){sessionStorage.setItem(K,String(n));location.reload();return}}catch(x){}`,
    "console.error('[portal] the page could not start:',e)})}",
    'function go(){S.i=1;start()}',
    'T.forEach(function(t){w.addEventListener(t,go,{capture:true,passive:true})});',
    'function hold(e){e.preventDefault();e.stopImmediatePropagation();go()}',
    // Links work natively; form fields keep their native behaviour (typing, ticking), handed over after hydration.
    "w.addEventListener('click',function(e){if(S.h)return;var t=e.target;if(!t||!t.closest)return;",
    "if(t.closest('a[href],label,select,textarea,option')||t.closest('input')&&!/^(submit|button|image|reset)$/.test(t.closest('input').type))return;",
    "S.q.push({c:t.closest('button,input,summary,[role=button]')||t});hold(e)},true);",
    'function rec(e){var t=e.target;if(!S.h&&t&&/^(INPUT|TEXTAREA)$/.test(t.tagName))S.v.set(t,[t.value,t.checked])}',
    "w.addEventListener('input',rec,true);w.addEventListener('change',rec,true);",
    "w.addEventListener('submit',function(e){if(S.h)return;S.q.push({f:e.target,s:e.submitter});hold(e)},true);",
    `if(/(?:^|;\\s*)${options.sessionCookie}=[^;]/.test(d.cookie))start()`,
    '})();',
  ].join('');
}

/** The route flag: the page hydrates on the first interaction. */
export type HydrateMode = 'load' | 'interaction';

/**
 * The manifest for a page that hydrates on interaction: the same stylesheets, no modulepreload at all, and the
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
