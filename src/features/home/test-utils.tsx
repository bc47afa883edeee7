/** Renders home-page parts as the page at `/` (or `/en`), with a stub register page to land on. */
import { createRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { BrandId } from '#shared/brand';
import type { Locale } from '#shared/locale';
import { localizePath } from '#shared/locale';
import { testEnv as baseEnv, renderWithRouter } from '~/test/providers';

export interface RenderOptions {
  locale?: Locale;
  brandId?: BrandId;
  /** Query string of the page, with its `?`. */
  search?: string;
}

export function testEnv(brandId: BrandId = 'starreach') {
  return { ...baseEnv, brandId };
}

export function renderPage(ui: ReactNode, { locale = 'zh', brandId = 'starreach', search = '' }: RenderOptions = {}) {
  return renderWithRouter(ui, {
    locale,
    env: { brandId },
    path: `${localizePath('/', locale)}${search}`,
    routes: (root) => {
      const localeRoute = createRoute({ getParentRoute: () => root, path: '{-$locale}' });
      return [
        localeRoute.addChildren([
          createRoute({ getParentRoute: () => localeRoute, path: '/', component: () => ui }),
          createRoute({ getParentRoute: () => localeRoute, path: 'register', component: () => <h1>register page</h1> }),
        ]),
      ];
    },
  });
}
