/** Renders a piece of the layout under a memory router whose every path matches (see src/test/providers). */
import type { ReactNode } from 'react';
import { type RouterOptions, renderWithRouter, testEnv } from '~/test/providers';

export const defaultTestEnv = testEnv;
export type RenderOptions = Omit<RouterOptions, 'routes'>;

export function renderInLayout(ui: ReactNode, options: RenderOptions = {}) {
  return renderWithRouter(ui, options);
}
