import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useLocation } from '@tanstack/react-router';
import { brands } from '#shared/brand';
import { localeFromPath } from '#shared/locale';
import { ActorsContext } from '~/app/actors-context';
import type { RouterContext } from '~/app/router-context';
import { ENV_ELEMENT_ID, PortalEnvContext, serializeEnv } from '~/lib/portal-env';
import { FramedErrorPage, FramedNotFoundPage } from './error-page';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  head: ({ match, matches }) => ({
    meta: [
      // Every page sets its own title; this one is for error pages.
      { title: brands[match.context.env.brandId].name[localeFromPath(matches.at(-1)?.pathname ?? '/')] },
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#ffffff' },
    ],
    // The server answers these addresses with the request's brand's icons and manifest (server/seo/icons.ts).
    links: [
      { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
      { rel: 'manifest', href: '/manifest.webmanifest' },
    ],
  }),
  component: RootDocument,
  // An unknown first segment (`/no-such-page`, `/fr/login`) is not found before the `{-$locale}` layout exists.
  notFoundComponent: FramedNotFoundPage,
  errorComponent: FramedErrorPage,
});

function RootDocument() {
  const { env, actors } = rootRoute.useRouteContext();
  const pathname = useLocation({ select: (location) => location.pathname });
  const locale = localeFromPath(pathname);
  return (
    <html lang={locale === 'zh' ? 'zh-CN' : 'en'} data-brand={env.brandId}>
      <head>
        <HeadContent />
      </head>
      <body>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: serialised by serializeEnv, which escapes `<` */}
        <script type="application/json" id={ENV_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: serializeEnv(env) }} />
        <PortalEnvContext.Provider value={env}>
          <ActorsContext.Provider value={actors}>
            <Outlet />
          </ActorsContext.Provider>
        </PortalEnvContext.Provider>
        <Scripts />
      </body>
    </html>
  );
}
