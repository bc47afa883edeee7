/**
 * The scan-login actor of a mounted panel. XState and the machine arrive with a dynamic import
 * (./scan-runtime), so the panel's own chunk stays small and nothing of this reaches a first load; until they
 * have arrived the panel shows "creating". The page's visibility goes to the machine as `scan.visibility`
 * (polling pauses while the tab is hidden and resumes at once when it is shown again).
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QrCodeResult } from '#machines/scan-login/scan-login.selectors';
import {
  initialScanView,
  type ScanLoginEvent,
  type ScanView,
  selectScanView,
} from '#machines/scan-login/scan-login.selectors';
import { ModuleLoader } from '~/lib/lazy-actor';
import type { ScanEffects } from './effects';
import type { ScanLoginActor } from './scan-runtime';

export type ScanRuntime = typeof import('./scan-runtime');

/** XState and the machine: loaded once, by the first panel. */
export const scanRuntime = new ModuleLoader<ScanRuntime>(() => import('./scan-runtime'));

const CREATING = initialScanView;

type ScanSnapshot = Parameters<typeof selectScanView>[0];

/** One view object per snapshot, so React sees the same value until the machine moves. */
const views = new WeakMap<object, ScanView>();
function viewOf(snapshot: ScanSnapshot): ScanView {
  let view = views.get(snapshot);
  if (!view) {
    view = selectScanView(snapshot);
    views.set(snapshot, view);
  }
  return view;
}

/** The view of a code the server rendered into the page, as the machine shows it once it has taken the code. */
function pageCodeView(code: QrCodeResult): ScanView {
  return { kind: 'waiting', qr: code, expiresAt: code.expiresAt, paused: false, retrying: false };
}

/**
 * What the panel reads until the machine has loaded: no snapshot, so the view is "creating", or the page's code
 * (`fromPage`), which the machine's first `createQrCode` takes (until it has, its `creating` shows that code too).
 */
export function useScanLogin(
  effects: ScanEffects,
  fromPage: QrCodeResult | null = null,
): { view: ScanView; send: (event: ScanLoginEvent) => void } {
  // The effects read the latest props through this ref: the machine is given them once.
  const latest = useRef(effects);
  latest.current = effects;
  const [actor, setActor] = useState<ScanLoginActor | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts a failed load.
  useEffect(() => {
    let current: ScanLoginActor | null = null;
    let onVisibility: (() => void) | null = null;
    let cancelled = false;
    const stable: ScanEffects = {
      createQrCode: () => latest.current.createQrCode(),
      pollQrStatus: (ticket) => latest.current.pollQrStatus(ticket),
      submitWxLogin: (ticket, form) => latest.current.submitWxLogin(ticket, form),
      completeLogin: (params) => latest.current.completeLogin(params),
      completeLink: () => latest.current.completeLink?.(),
    };
    scanRuntime.load().then(
      (runtime) => {
        if (cancelled) return;
        const actor = runtime.startScanLogin(stable, { visible: document.visibilityState !== 'hidden' });
        current = actor;
        onVisibility = () => actor.send({ type: 'scan.visibility', visible: document.visibilityState !== 'hidden' });
        document.addEventListener('visibilitychange', onVisibility);
        setActor(actor);
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(error);
      },
    );
    return () => {
      cancelled = true;
      if (onVisibility) document.removeEventListener('visibilitychange', onVisibility);
      current?.stop();
      setActor(null);
    };
  }, [attempt]);

  const [pageView] = useState(() => (fromPage ? pageCodeView(fromPage) : null));
  const machineView = useSelector(actor ?? undefined, (snapshot) => (snapshot ? viewOf(snapshot) : CREATING));
  // The machine leaves its first `creating` with the page's code: until then the page's code stays in view.
  const leftFirstCreating = useRef(false);
  if (machineView.kind !== 'creating') leftFirstCreating.current = true;
  const view = pageView && machineView.kind === 'creating' && !leftFirstCreating.current ? pageView : machineView;

  const send = useCallback(
    (event: ScanLoginEvent) => {
      if (actor) actor.send(event);
      else if (loadError && event.type === 'scan.reload') {
        setLoadError(null);
        setAttempt((value) => value + 1);
      }
    },
    [actor, loadError],
  );

  if (!actor && loadError) return { view: { kind: 'createFailed', error: loadError }, send };
  return { view, send };
}
