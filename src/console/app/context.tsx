/** The sign-in actor shared with the pages (created once in the entry). */
import { createContext, useContext } from 'react';
import type { SignInActor } from './sign-in-actor';

export const SignInContext = createContext<SignInActor | null>(null);

export function useSignInActor(): SignInActor {
  const actor = useContext(SignInContext);
  if (!actor) throw new Error('useSignInActor outside the console app');
  return actor;
}
