/**
 * Every transition of the layer machine, generated from the machine itself, replayed against the rendered
 * global layer: after each step the page must show what the machine's state says (no dialog while hidden;
 * the dialog of the layer type, with or without its close button, while shown).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { type LayerContext, type LayerEvent, type LayerType, layerMachine } from '#machines/layer/layer.machine';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { GlobalLayer } from '~/app/layers';
import { renderWithLayers } from './test-utils';

const layerTypes: LayerType[] = ['clientDownload', 'pluginDownload', 'customerService'];
const events: LayerEvent<LayerType>[] = [
  ...layerTypes.flatMap((layerType) => [
    { type: 'layer.open' as const, layerType },
    { type: 'layer.open' as const, layerType, isLayerCloseShow: false },
  ]),
  { type: 'layer.close' },
  { type: 'layer.cancel' },
];

/** The accessible name of each layer's dialog on the zh page of brand 1. */
const titles: Record<LayerType, string> = {
  clientDownload: '下载星达通客户端',
  pluginDownload: '下载星达通浏览器插件',
  customerService: '添加专属顾问',
};

const paths = machinePaths(layerMachine, { events });

describe('global layer paths', () => {
  // The dialog is a lazy chunk; loading it once up front keeps the first paths from timing out on a cold start.
  beforeAll(async () => {
    await import('./global-layer-dialog');
  });

  it('covers every transition: 6 opens from hidden, 6 opens and 2 closes from each of the 6 shown states', () => {
    expect(paths).toHaveLength(6 + 6 * 8);
  });

  it.each(paths.map((path) => [describePath(path, layerMachine).join(' → '), path] as const))(
    '%s',
    async (_name, path) => {
      const { actors } = await renderWithLayers(<GlobalLayer />);
      await replayPath(path, layerMachine, {
        send: (event: EventObject) => act(() => actors.layer.send(event as LayerEvent<LayerType>)),
        wait: () => {
          throw new Error('the layer machine has no timers');
        },
        check: async (state) => {
          const context = state.context as LayerContext<LayerType>;
          if (state.value === 'hidden') {
            await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
            return;
          }
          const dialog = await screen.findByRole(
            'dialog',
            { name: titles[context.layerType as LayerType] },
            { timeout: 5000 },
          );
          const closeButton = screen.queryByRole('button', { name: '关闭' });
          if (context.isLayerCloseShow) expect(dialog).toContainElement(closeButton);
          else expect(closeButton).not.toBeInTheDocument();
        },
      });
    },
  );
});
