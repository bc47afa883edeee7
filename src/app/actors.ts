/**
 * App-lifetime actors. The client entry creates them once (and the server once per request); React reads them
 * through `ActorsContext`, the router through its context. Real effects are supplied here with `.provide()`.
 */
import { createActor } from 'xstate';
import { documentModalMachine, layerMachine } from '#machines/layer/layer.machine';
import { loadingBarMachine } from '#machines/loading-bar/loading-bar.machine';
import { CUSTOMER_SERVICE_CLOSED_KEY } from '~/lib/storage-keys';

export interface ActorEffects {
  /** Remembers that the visitor closed the customer-service layer. */
  rememberServiceClosed: () => void;
}

export const browserEffects: ActorEffects = {
  rememberServiceClosed: () => {
    try {
      window.localStorage.setItem(CUSTOMER_SERVICE_CLOSED_KEY, 'false');
    } catch {
      // Storage can be unavailable (private mode, disabled cookies); the layer still closes.
    }
  },
};

export const serverEffects: ActorEffects = { rememberServiceClosed: () => {} };

export function createAppActors(effects: ActorEffects) {
  const layer = createActor(
    layerMachine.provide({
      actions: {
        closed: ({ context }) => {
          if (context.layerType === 'customerService') effects.rememberServiceClosed();
        },
      },
    }),
  );
  const documentModal = createActor(documentModalMachine);
  const loadingBar = createActor(loadingBarMachine);
  for (const actor of [layer, documentModal, loadingBar]) actor.start();
  return { layer, documentModal, loadingBar };
}

export type AppActors = ReturnType<typeof createAppActors>;
