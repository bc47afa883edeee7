/** The session for React components (the actor lives in ./session.ts, the app's actors in ./actors.ts). */
import { selectLoggedIn, selectLoggingOut, selectUserName } from '#machines/session/session.selectors';
import { useActorSelector } from '~/lib/use-actor-selector';
import { useAppActors } from './actors-context';

export interface SessionView {
  loggedIn: boolean;
  /** `userName`, falling back to `username`; empty when the stored userInfo has neither. */
  userName: string;
  /** A logout is under way. */
  loggingOut: boolean;
}

/** The session for a component (re-renders when it changes). */
export function useSession(): SessionView {
  const { session } = useAppActors();
  return {
    loggedIn: useActorSelector(session, selectLoggedIn),
    userName: useActorSelector(session, selectUserName),
    loggingOut: useActorSelector(session, selectLoggingOut),
  };
}
