import { describe, expect, it } from 'vitest';
import { machineRegistry } from './registry';
import { machinePaths } from './testing/paths';

/** Every state of every registered machine is reached by some generated path. */
describe('machine registry', () => {
  it.each(machineRegistry.map((entry) => [entry.name, entry] as const))('%s: paths reach every state', (_, entry) => {
    const reached = new Set(
      machinePaths(entry.machine, { events: entry.events }).map((path) => JSON.stringify(path.state.value)),
    );
    const states = Object.keys(entry.machine.root.states).map((state) => JSON.stringify(state));
    for (const state of states) expect(reached, `${entry.name} never reaches ${state}`).toContain(state);
  });
});
