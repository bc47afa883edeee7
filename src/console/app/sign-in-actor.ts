/**
 * The console's app-lifetime sign-in actor, with the real effects: the API calls (which also hand the CSRF token
 * to the client) and navigation. A 401 / 40101 on any call tells it the session ended, with the page it was on.
 */
import { createActor, fromPromise } from 'xstate';
import { signInMachine } from '#machines/console/sign-in.machine';
import type { SignInForm, SignInSession } from '#machines/console/sign-in.selectors';
import { consoleApi, setCsrfToken, setSessionEndedHandler } from '../lib/api';

export interface SignInEffects {
  loadSession: () => Promise<SignInSession>;
  login: (form: SignInForm) => Promise<SignInSession>;
  logout: () => Promise<void>;
  /** The current page (path and query). */
  location: () => string;
  goTo: (href: string) => void;
}

export const realSignInEffects = (navigate: (href: string) => void): SignInEffects => ({
  loadSession: () => consoleApi.session(),
  login: (form) => consoleApi.login(form),
  logout: () => consoleApi.logout(),
  location: () => `${window.location.pathname}${window.location.search}`,
  goTo: navigate,
});

export function createSignInActor(effects: SignInEffects, options: { delays?: { retryWait?: number } } = {}) {
  const keepToken = (session: SignInSession) => {
    setCsrfToken(session.csrfToken);
    return session;
  };
  const machine = signInMachine.provide({
    actors: {
      loadSession: fromPromise(() => effects.loadSession().then(keepToken)),
      login: fromPromise<SignInSession, SignInForm>(({ input }) => effects.login(input).then(keepToken)),
      logout: fromPromise<void, { csrfToken: string }>(async () => {
        await effects.logout();
        setCsrfToken('');
      }),
    },
    actions: {
      returnToPage: (_, { returnTo }) => {
        if (returnTo && returnTo !== effects.location()) effects.goTo(returnTo);
      },
    },
    // Tests shorten the 429 wait.
    ...(options.delays ? { delays: options.delays } : {}),
  });
  const actor = createActor(machine, { input: { returnTo: effects.location() } });
  setSessionEndedHandler(() => {
    if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'session.expired', location: effects.location() });
  });
  return actor;
}

export type SignInActor = ReturnType<typeof createSignInActor>;
