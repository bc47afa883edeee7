/**
 * The global layer and the document modal, mounted once by the desktop layout. These two components stay tiny
 * because they are on every page's first load: they only watch their actors, and the dialog with all layer
 * content (and Radix) is a separate chunk that loads when a layer first opens.
 */

import { Suspense, useEffect, useState } from 'react';
import { type AnyLayerSnapshot, selectIsOpen } from '#machines/layer/layer.selectors';
import { useCustomerServiceAutoOpen } from '~/features/layers/auto-open';
import { usePortalEnv } from '~/lib/portal-env';
import { Ready, type ReadyPart, readyPart } from '~/lib/ready-part';
import { type Subscribable, useActorSelector } from '~/lib/use-actor-selector';
import { keepReady } from '~/lib/warm-up';
import { useAppActors } from './actors-context';

// Opening a layer is a first tap: the dialogs' code and the layers' messages are kept ready once the page is
// idle, and the messages reach the language's instance in the event that opens a layer.
const globalLayerDialog = readyPart(() => import('~/features/layers/global-layer-dialog'), ['layers']);
const documentModalDialog = readyPart(() => import('~/features/layers/document-modal-dialog'), ['layers']);
keepReady(() => Promise.all([globalLayerDialog.keep(), documentModalDialog.keep()]));

export function GlobalLayer() {
  const { layer, documentModal } = useAppActors();
  const { isMobile } = usePortalEnv();
  const opened = useHasBeenTrue(useActorSelector(layer, selectIsOpen));
  usePrepareOnOpen(layer, globalLayerDialog);

  useCustomerServiceAutoOpen({
    isMobile,
    isSomethingOpen: () => selectIsOpen(layer.getSnapshot()) || selectIsOpen(documentModal.getSnapshot()),
    open: () => layer.send({ type: 'layer.open', layerType: 'customerService' }),
  });

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Ready part={globalLayerDialog} />
    </Suspense>
  );
}

export function DocumentModal() {
  const { documentModal } = useAppActors();
  const opened = useHasBeenTrue(useActorSelector(documentModal, selectIsOpen));
  usePrepareOnOpen(documentModal, documentModalDialog);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Ready part={documentModalDialog} />
    </Suspense>
  );
}

/** True from the first time `value` is true on; the dialog stays mounted afterwards so it can close cleanly. */
function useHasBeenTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** Hands the dialog its messages in the event that opens it (before React renders the open dialog). */
function usePrepareOnOpen(actor: Subscribable<AnyLayerSnapshot>, dialog: ReadyPart) {
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (selectIsOpen(snapshot)) dialog.prepare();
    });
    return () => subscription.unsubscribe();
  }, [actor, dialog]);
}
