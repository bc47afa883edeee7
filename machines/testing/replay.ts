/**
 * Replays a generated path against something that reacts to it: `send` delivers a user or system event,
 * `wait` lets a timer of the machine run out (tests pass fake timers), and `check` asserts after every step
 * that the thing under test shows the state the machine says it is in.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import type { MachinePath } from './paths';

export interface ReplayTarget {
  send: (event: EventObject) => void | Promise<void>;
  wait: (ms: number) => void | Promise<void>;
  check: (state: { value: unknown; context: unknown; hasTag?: (tag: string) => boolean }) => void | Promise<void>;
}

export function delayOf(event: EventObject, machine: AnyStateMachine): number | undefined {
  const match = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (!match) return undefined;
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const named = delays[match[1]];
  return typeof named === 'number' ? named : Number(match[1]);
}

export async function replayPath(path: MachinePath, machine: AnyStateMachine, target: ReplayTarget) {
  for (const step of path.steps) {
    if (step.event.type !== 'xstate.init') {
      const delay = delayOf(step.event, machine);
      if (delay === undefined) await target.send(step.event);
      else await target.wait(delay);
    }
    await target.check(step.state);
  }
}
