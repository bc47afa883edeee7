/**
 * Replays a generated path against something that reacts to it: `send` delivers a user or system event,
 * `wait` lets a timer of the machine run out (tests pass fake timers), and `check` asserts after every step
 * that the thing under test shows the state the machine says it is in.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { delayOf, type MachinePath } from './paths';

export interface ReplayTarget {
  send: (event: EventObject) => void | Promise<void>;
  wait: (ms: number) => void | Promise<void>;
  check: (state: { value: unknown; context: unknown; hasTag?: (tag: string) => boolean }) => void | Promise<void>;
}

export async function replayPath(path: MachinePath, machine: AnyStateMachine, target: ReplayTarget) {
  for (const [index, step] of path.steps.entries()) {
    if (step.event.type !== 'xstate.init') {
      const delay = delayOf(step.event, machine, path.steps[index - 1]);
      if (delay === undefined) await target.send(step.event);
      else await target.wait(delay.ms);
    }
    await target.check(step.state);
  }
}
