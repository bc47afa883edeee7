import { createContext, useContext } from 'react';
import type { AppActors } from './actors';

export const ActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useAppActors needs an ActorsContext provider');
  return actors;
}
