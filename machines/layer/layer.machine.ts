/**
 * The global modal layer (docs/product.md#pages "Global modal layers", #data "Layer open event", #states "Global layer").
 *
 * hidden ──layer.open{layerType, layerStyle?, isLayerCloseShow?}──▶ shown
 * shown  ──layer.open──▶ shown (another layer replaces the current one)
 * shown  ──layer.close | layer.cancel──▶ hidden (the type is cleared)
 *
 * The close control shows by default unless the open event turns it off. The same machine drives the
 * agreement modal (a second actor whose layer types are the legal documents).
 */
import { assign, setup } from 'xstate';

import {
  type DocumentType,
  initialLayerContext,
  type LayerContext,
  type LayerEvent,
  type LayerType,
} from './layer.selectors';

export * from './layer.selectors';

function createLayerMachine<T extends string>(id: string) {
  return setup({
    types: {
      context: {} as LayerContext<T>,
      events: {} as LayerEvent<T>,
    },
    actions: {
      show: assign(({ event }) => {
        if (event.type !== 'layer.open') return {};
        return {
          layerType: event.layerType,
          layerStyle: event.layerStyle ?? null,
          isLayerCloseShow: event.isLayerCloseShow ?? true,
        };
      }),
      clear: assign({ layerType: null, layerStyle: null, isLayerCloseShow: true }),
      /** Told when a layer is closed by the user (the customer-service layer remembers it). */
      closed: () => {},
    },
  }).createMachine({
    id,
    initial: 'hidden',
    context: initialLayerContext,
    states: {
      hidden: {
        on: { 'layer.open': { target: 'shown', actions: 'show' } },
      },
      shown: {
        on: {
          'layer.open': { target: 'shown', actions: 'show', reenter: true },
          'layer.close': { target: 'hidden', actions: ['closed', 'clear'] },
          'layer.cancel': { target: 'hidden', actions: ['closed', 'clear'] },
        },
      },
    },
  });
}

export const layerMachine = createLayerMachine<LayerType>('layer');
export const documentModalMachine = createLayerMachine<DocumentType>('documentModal');
