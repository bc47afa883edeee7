/** Renders layer components inside the app's providers (see src/test/providers). */
import type { ReactNode } from 'react';
import { type ProviderOptions, renderWithProviders, testEnv } from '~/test/providers';

export const desktopEnv = testEnv;
export type RenderLayerOptions = ProviderOptions;

export function renderWithLayers(ui: ReactNode, options: RenderLayerOptions = {}) {
  return renderWithProviders(ui, options);
}
