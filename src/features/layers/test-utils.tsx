/**
 * Renders layer components the way the app does: portal environment, app actors (with the server's harmless
 * effects unless a test supplies its own) and the Lingui instance of a language.
 */
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type ActorEffects, type AppActors, createAppActors, serverEffects } from '~/app/actors';
import { ActorsContext } from '~/app/actors-context';
import { i18nFor, loadLocale } from '~/lib/i18n';
import type { Locale } from '~/lib/locale';
import { type PortalEnv, PortalEnvContext } from '~/lib/portal-env';

export const desktopEnv: PortalEnv = {
  brandId: 'starreach',
  edition: 'main',
  isMobile: false,
  platform: 'windows',
  workbenchUrl: '/workbench/function_introduction',
  year: 2026,
};

export interface RenderLayerOptions {
  locale?: Locale;
  env?: Partial<PortalEnv>;
  effects?: ActorEffects;
  actors?: AppActors;
}

export async function renderWithLayers(ui: ReactNode, options: RenderLayerOptions = {}) {
  const locale = options.locale ?? 'zh';
  await loadLocale(locale);
  const actors = options.actors ?? createAppActors(options.effects ?? serverEffects);
  const env = { ...desktopEnv, ...options.env };
  const result = render(
    <PortalEnvContext.Provider value={env}>
      <ActorsContext.Provider value={actors}>
        <I18nProvider i18n={i18nFor(locale)}>{ui}</I18nProvider>
      </ActorsContext.Provider>
    </PortalEnvContext.Provider>,
  );
  return { ...result, actors, env };
}
