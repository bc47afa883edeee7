/** The console's client entry (its own bundle: the portal's pages never load it; server/console/pages.ts serves it). */
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { SignInContext } from './app/context';
import { createConsoleRouter } from './app/router';
import { createSignInActor, realSignInEffects } from './app/sign-in-actor';
import { setApiLanguage } from './lib/api';
import { activate, i18n, initialLocale } from './lib/i18n';
import './styles/theme.css';

async function start() {
  const locale = initialLocale();
  setApiLanguage(locale);
  await activate(locale);
  const router = createConsoleRouter();
  const actor = createSignInActor(realSignInEffects((href) => router.history.push(href)));
  actor.start();
  const container = document.getElementById('console-root');
  if (container)
    createRoot(container).render(
      <I18nProvider i18n={i18n}>
        <SignInContext.Provider value={actor}>
          <RouterProvider router={router} />
        </SignInContext.Provider>
      </I18nProvider>,
    );
}

void start();
