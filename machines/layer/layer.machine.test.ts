import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describePath } from '../testing/paths';
import {
  type LayerEvent,
  type LayerType,
  layerMachine,
  selectIsCloseShown,
  selectIsOpen,
  selectLayerType,
} from './layer.machine';

const openEvents: LayerEvent<LayerType>[] = [
  { type: 'layer.open', layerType: 'clientDownload' },
  { type: 'layer.open', layerType: 'pluginDownload' },
  { type: 'layer.open', layerType: 'customerService', isLayerCloseShow: false },
];
const events: LayerEvent<LayerType>[] = [...openEvents, { type: 'layer.close' }, { type: 'layer.cancel' }];

describe('layer machine', () => {
  it('is hidden until an open event, then shows the requested type', () => {
    const actor = createActor(layerMachine).start();
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'layer.open', layerType: 'pluginDownload', layerStyle: { width: 900 } });
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(selectLayerType(actor.getSnapshot())).toBe('pluginDownload');
    expect(actor.getSnapshot().context.layerStyle).toEqual({ width: 900 });
  });

  it('shows the close control unless the open event turns it off', () => {
    const actor = createActor(layerMachine).start();
    actor.send({ type: 'layer.open', layerType: 'clientDownload' });
    expect(selectIsCloseShown(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'layer.open', layerType: 'customerService', isLayerCloseShow: false });
    expect(selectIsCloseShown(actor.getSnapshot())).toBe(false);
  });

  it.each(['layer.close', 'layer.cancel'] as const)('%s hides the layer and clears its type', (type) => {
    const actor = createActor(layerMachine).start();
    actor.send({ type: 'layer.open', layerType: 'customerService', isLayerCloseShow: false });
    actor.send({ type });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ layerType: null, layerStyle: null, isLayerCloseShow: true });
  });

  it('tells the `closed` effect which layer the user closed', () => {
    const closed = vi.fn();
    const actor = createActor(
      layerMachine.provide({ actions: { closed: ({ context }) => closed(context.layerType) } }),
    ).start();
    actor.send({ type: 'layer.open', layerType: 'customerService' });
    actor.send({ type: 'layer.close' });
    expect(closed).toHaveBeenCalledWith('customerService');
  });

  // The machine has no invoke or after, so the test model can walk it directly.
  const model = createTestModel(layerMachine, { events });
  const paths = model.getShortestPaths();

  it.each(paths.map((path) => [describePath(path, layerMachine).join(' → ') || 'initial', path] as const))(
    'path %s ends where the machine says',
    async (_name, path) => {
      const actor = createActor(layerMachine).start();
      await path.test({
        events: Object.fromEntries(
          events.map((event) => [event.type, ({ event: e }: { event: LayerEvent<LayerType> }) => actor.send(e)]),
        ),
        states: {
          '*': (state) => {
            expect(actor.getSnapshot().value).toBe(state.value);
            expect(actor.getSnapshot().context).toEqual(state.context);
          },
        },
      });
    },
  );
});
