import { I18nProvider } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { localeFromPath } from '#shared/locale';
import { Layout } from '~/features/layout/layout';
import { i18nFor } from '~/lib/i18n';

/**
 * The site's frame (header, footer, side bar) in the path's language: around every page, and around the 404 and
 * 500 pages shown before the `{-$locale}` layout exists (an unknown first path segment, an error in the layout's
 * own loading). Reads the language from the resolved path (not the pending one: during a switch the new
 * language's catalog is still loading).
 */
export function LocaleFrame({ children }: { children: ReactNode }): ReactNode {
  const locale = useRouterState({
    select: (state) => localeFromPath((state.resolvedLocation ?? state.location).pathname),
  });
  return (
    <I18nProvider i18n={i18nFor(locale)}>
      <Layout>{children}</Layout>
    </I18nProvider>
  );
}
