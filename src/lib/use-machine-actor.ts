/**
 * Creates an actor for a component's lifetime: started after mount, stopped on unmount. It stands in for
 * @xstate/react's `useActorRef`: importing @xstate/react pulls its CommonJS `use-sync-external-store` shim into
 * the chunk, and CommonJS in a lazy chunk makes the bundler move its runtime and the entry's shared modules
 * into separate small chunks, which added about 3 kB to the home page's first load. Read snapshots with
 * `useActorSelector`.
 */
import { useEffect, useState } from 'react';
import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate';

export function useMachineActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options?: ActorOptions<TLogic>,
): Actor<TLogic> {
  const [actor, setActor] = useState(() => createActor(logic, options));
  // The logic is read once, like useActorRef: effects reach the latest props through refs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the actor is created once per mount.
  useEffect(() => {
    // A remount of the same component instance (React may do that) gets a fresh actor: a stopped one cannot restart.
    if ((actor.getSnapshot() as { status?: string }).status === 'stopped') {
      setActor(createActor(logic, options));
      return;
    }
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  return actor;
}
