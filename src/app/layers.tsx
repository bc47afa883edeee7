/**
 * The global layer and the document modal, mounted once by the desktop layout. These two components stay tiny
 * because they are on every page's first load: they only watch their actors, and the dialog with all layer
 * content (and Radix) is a separate chunk that loads when a layer first opens.
 */

import { lazy, Suspense, useState } from 'react';
import { selectIsOpen } from '#machines/layer/layer.selectors';
import { localeFromPath } from '#shared/locale';
import { useCustomerServiceAutoOpen } from '~/features/layers/auto-open';
import { loadLocale, prefetchLocale } from '~/lib/i18n';
import { usePortalEnv } from '~/lib/portal-env';
import { useActorSelector } from '~/lib/use-actor-selector';
import { keepReady } from '~/lib/warm-up';
import { useAppActors } from './actors-context';

/** The dialog code and the layers' messages (in the page's language) arrive together. */
const withMessages =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadLocale(localeFromPath(window.location.pathname), ['layers'])]).then(([module]) => module);
const loadGlobalLayerDialog = withMessages(() => import('~/features/layers/global-layer-dialog'));
const loadDocumentModalDialog = withMessages(() => import('~/features/layers/document-modal-dialog'));
// Opening a layer is a first tap: its code and messages are kept ready once the page is idle (the desktop layout
// mounts these); the messages reach the language's instance when a layer opens.
keepReady(() =>
  Promise.all([
    import('~/features/layers/global-layer-dialog'),
    import('~/features/layers/document-modal-dialog'),
    prefetchLocale(localeFromPath(window.location.pathname), ['layers']),
  ]),
);
const GlobalLayerDialog = lazy(loadGlobalLayerDialog);
const DocumentModalDialog = lazy(loadDocumentModalDialog);

export function GlobalLayer() {
  const { layer, documentModal } = useAppActors();
  const { isMobile } = usePortalEnv();
  const opened = useHasBeenTrue(useActorSelector(layer, selectIsOpen));

  useCustomerServiceAutoOpen({
    isMobile,
    isSomethingOpen: () => selectIsOpen(layer.getSnapshot()) || selectIsOpen(documentModal.getSnapshot()),
    open: () => layer.send({ type: 'layer.open', layerType: 'customerService' }),
  });

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <GlobalLayerDialog />
    </Suspense>
  );
}

export function DocumentModal() {
  const { documentModal } = useAppActors();
  const opened = useHasBeenTrue(useActorSelector(documentModal, selectIsOpen));
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DocumentModalDialog />
    </Suspense>
  );
}

/** True from the first time `value` is true on; the dialog stays mounted afterwards so it can close cleanly. */
function useHasBeenTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
