/**
 * Renders UI the way the app does: the portal environment, the app actors and the Lingui instance of a
 * language. Tests that need the router wrap their component in a route themselves.
 */
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type AppActors, createAppActors, serverEffects } from '~/app/actors';
import { ActorsContext } from '~/app/actors-context';
import { i18nFor, loadLocale } from '~/lib/i18n';
import type { Locale } from '~/lib/locale';
import { type PortalEnv, PortalEnvContext } from '~/lib/portal-env';

export const testEnv: PortalEnv = {
  brandId: 'starreach',
  edition: 'main',
  isMobile: false,
  platform: 'windows',
  workbenchUrl: '/workbench/function_introduction',
  year: 2026,
};

export async function renderWithProviders(
  ui: ReactNode,
  options: { locale?: Locale; env?: Partial<PortalEnv>; actors?: AppActors } = {},
) {
  const locale = options.locale ?? 'zh';
  await loadLocale(locale);
  const actors = options.actors ?? createAppActors(serverEffects);
  const env = { ...testEnv, ...options.env };
  const result = render(
    <PortalEnvContext.Provider value={env}>
      <ActorsContext.Provider value={actors}>
        <I18nProvider i18n={i18nFor(locale)}>{ui}</I18nProvider>
      </ActorsContext.Provider>
    </PortalEnvContext.Provider>,
  );
  return { ...result, actors, env };
}
