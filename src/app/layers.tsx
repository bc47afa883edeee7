/**
 * The global layer and the document modal, mounted once by the desktop layout. The dialogs (all layer content
 * and Radix) are a separate chunk with the layers' messages: it loads once the page has hydrated and the dialogs
 * mount closed, so the tap that opens a layer finds them mounted (a lazy part first mounted by that tap would be
 * revealed up to 300 ms late by React's Suspense throttle).
 */

import { lazy, Suspense } from 'react';
import { selectIsOpen } from '#machines/layer/layer.selectors';
import { localeFromPath } from '#shared/locale';
import { useCustomerServiceAutoOpen } from '~/features/layers/auto-open';
import { guardChunk } from '~/lib/chunk-reload';
import { loadLocale } from '~/lib/i18n';
import { usePortalEnv } from '~/lib/portal-env';
import { useHydrated } from '~/lib/use-hydrated';
import { useAppActors } from './actors-context';

/** A dialog's module together with the layers' messages of the page's language. */
const withMessages = <T,>(load: () => Promise<T>) =>
  guardChunk(() =>
    Promise.all([load(), loadLocale(localeFromPath(window.location.pathname), ['layers'])]).then(([module]) => module),
  );
const GlobalLayerDialog = lazy(withMessages(() => import('~/features/layers/global-layer-dialog')));
const DocumentModalDialog = lazy(withMessages(() => import('~/features/layers/document-modal-dialog')));

export function GlobalLayer() {
  const { layer, documentModal } = useAppActors();
  const { isMobile } = usePortalEnv();
  const hydrated = useHydrated();

  useCustomerServiceAutoOpen({
    isMobile,
    isSomethingOpen: () => selectIsOpen(layer.getSnapshot()) || selectIsOpen(documentModal.getSnapshot()),
    open: () => layer.send({ type: 'layer.open', layerType: 'customerService' }),
  });

  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <GlobalLayerDialog />
    </Suspense>
  );
}

export function DocumentModal() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <DocumentModalDialog />
    </Suspense>
  );
}
