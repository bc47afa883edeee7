import { describe, expect, it } from 'vitest';
import type { AnyStateNode, StateValue } from 'xstate';
import { machineRegistry } from './registry';
import { machinePaths } from './testing/paths';

/** The state value that names a state node by its path: `['code', 'expired']` → `{ code: 'expired' }`. */
const valueAt = (path: string[]): StateValue => (path.length === 1 ? path[0] : { [path[0]]: valueAt(path.slice(1)) });

/** Every state node of a machine, at every depth, as the value that names it. */
const stateValues = (node: AnyStateNode): StateValue[] =>
  Object.values(node.states).flatMap((child) => [valueAt(child.path), ...stateValues(child)]);

/** Every state of every registered machine, nested ones included, is passed through by some generated path. */
describe('machine registry', () => {
  it.each(machineRegistry.map((entry) => [entry.name, entry] as const))('%s: paths reach every state', (_, entry) => {
    // A state is reached when some path passes through it (the initial state of a machine that never returns to
    // it is the first step of every path).
    const reached = machinePaths(entry.machine, { events: entry.events }).flatMap((path) => [
      path.state,
      ...path.steps.map((step) => step.state),
    ]);
    for (const value of stateValues(entry.machine.root)) {
      expect(
        reached.some((snapshot) => snapshot.matches(value)),
        `${entry.name} never reaches ${JSON.stringify(value)}`,
      ).toBe(true);
    }
  });
});
