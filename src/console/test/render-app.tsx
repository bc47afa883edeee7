/** Renders the whole console (router, sign-in actor, language) at a path, on the fake API. */
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { SignInContext } from '../app/context';
import { createConsoleRouter } from '../app/router';
import { createSignInActor, type SignInActor } from '../app/sign-in-actor';
import { consoleApi, setCsrfToken } from '../lib/api';
import { activate, i18n } from '../lib/i18n';

export async function renderConsole(path: string, options: { retryWaitMs?: number } = {}) {
  await activate('zh');
  setCsrfToken('');
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createConsoleRouter(history);
  const actor: SignInActor = createSignInActor(
    {
      loadSession: () => consoleApi.session(),
      login: (form) => consoleApi.login(form),
      logout: () => consoleApi.logout(),
      location: () => router.state.location.href,
      goTo: (href) => void router.navigate({ to: href }),
    },
    options.retryWaitMs === undefined ? {} : { delays: { retryWait: options.retryWaitMs } },
  );
  actor.start();
  const view = render(
    <I18nProvider i18n={i18n}>
      <SignInContext.Provider value={actor}>
        <RouterProvider router={router} />
      </SignInContext.Provider>
    </I18nProvider>,
  );
  return { ...view, actor, router };
}
