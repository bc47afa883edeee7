/**
 * App-lifetime actors. The client entry creates them once (and the server once per request); React reads them
 * through `ActorsContext`, the router through its context. Real effects are supplied here with `.provide()`.
 * The actors are lazy (src/lib/lazy-actor.ts): their machines load with XState on first use.
 */
import {
  type DocumentType,
  initialLayerSnapshot,
  type LayerEvent,
  type LayerSnapshot,
  type LayerType,
} from '#machines/layer/layer.selectors';
import {
  initialLoadingBarSnapshot,
  type LoadingBarEvent,
  type LoadingBarSnapshot,
} from '#machines/loading-bar/loading-bar.selectors';
import { LazyActor } from '~/lib/lazy-actor';
import { writeLocal } from '~/lib/local-storage';
import { type MachinesModule, machinesModule } from '~/lib/machines-module';
import { CUSTOMER_SERVICE_CLOSED_KEY } from '~/lib/storage-keys';
import { browserSessionHost, createSessionActor, inertSessionHost, type SessionHost } from './session';

export interface ActorEffects {
  /** Remembers that the visitor closed the customer-service layer. */
  rememberServiceClosed: () => void;
  /** Where the session reads its state and gets its effects (cookies, storage, events, navigation, calls). */
  session: SessionHost;
}

export const browserEffects: ActorEffects = {
  rememberServiceClosed: () => writeLocal(CUSTOMER_SERVICE_CLOSED_KEY, 'false'),
  session: browserSessionHost,
};

export const serverEffects: ActorEffects = { rememberServiceClosed: () => {}, session: inertSessionHost };

export function createAppActors(effects: ActorEffects) {
  const layer = new LazyActor<LayerSnapshot<LayerType>, LayerEvent<LayerType>, MachinesModule>(
    initialLayerSnapshot,
    machinesModule,
    ({ createActor, layerMachine }) =>
      createActor(
        layerMachine.provide({
          actions: {
            closed: ({ context }) => {
              if (context.layerType === 'customerService') effects.rememberServiceClosed();
            },
          },
        }),
      ).start() as never,
  );
  const documentModal = new LazyActor<LayerSnapshot<DocumentType>, LayerEvent<DocumentType>, MachinesModule>(
    initialLayerSnapshot,
    machinesModule,
    ({ createActor, documentModalMachine }) => createActor(documentModalMachine).start() as never,
  );
  const loadingBar = new LazyActor<LoadingBarSnapshot, LoadingBarEvent, MachinesModule>(
    initialLoadingBarSnapshot,
    machinesModule,
    ({ createActor, loadingBarMachine }) => createActor(loadingBarMachine).start() as never,
  );
  const session = createSessionActor(effects.session);
  return { layer, documentModal, loadingBar, session };
}

export type AppActors = ReturnType<typeof createAppActors>;
