/**
 * Path generation shared by the machines' path tests and `npm run paths`: every path is generated from the
 * machine itself (xstate/graph), with the machine's delayed transitions (`after`) offered as events, so a
 * state reached only by a timer is covered too.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath, serializeSnapshot } from 'xstate/graph';

type AnyNode = AnyStateNode;

function walk(node: AnyNode, visit: (node: AnyNode) => void) {
  visit(node);
  for (const child of Object.values(node.states)) walk(child as AnyNode, visit);
}

/** The events a machine's `after` transitions listen to, e.g. `xstate.after.throttle.loadingBar.waiting`. */
export type MachinePath = StatePath<AnyMachineSnapshot, EventObject>;

export function delayedEvents(machine: AnyStateMachine): EventObject[] {
  const events: EventObject[] = [];
  walk(machine.root as AnyNode, (node) => {
    for (const transition of node.after) events.push({ type: transition.eventType });
  });
  return events;
}

/** The step a timer started in (a path's step before the timer's): a computed delay reads its context and event. */
export interface DelaySource {
  state: { context: unknown };
  event: EventObject;
}

/**
 * The delay of a timer event (`xstate.after.<delay>.<state>`) in milliseconds, or undefined for other events.
 * Named delays (`throttle`) are looked up in the machine's `delays`; one computed from the context (the code's
 * poll interval) is computed from `source`, the state the timer started in (the step before the timer's).
 */
export function delayOf(
  event: EventObject,
  machine: AnyStateMachine,
  source?: DelaySource,
): { ms: number; name?: string } | undefined {
  const match = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (!match) return undefined;
  const named = ((machine.implementations.delays ?? {}) as Record<string, unknown>)[match[1]];
  if (typeof named === 'function') {
    if (!source) throw new Error(`The delay "${match[1]}" is computed from the state: pass the state it started in`);
    return { ms: named({ context: source.state.context, event: source.event }), name: match[1] };
  }
  return typeof named === 'number' ? { ms: named, name: match[1] } : { ms: Number(match[1]) };
}

/** A readable name for an event: `after 200 ms (throttle)` for timers, the type with its payload otherwise. */
export function describeEvent(event: EventObject, machine: AnyStateMachine, source?: DelaySource): string {
  const delay = delayOf(event, machine, source);
  if (delay) return delay.name ? `after ${delay.ms} ms (${delay.name})` : `after ${delay.ms} ms`;
  const extras = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return extras.length ? `${event.type} {${extras.join(', ')}}` : event.type;
}

/** A state's name: `creating`, or `code.polling.waiting` for a nested one (parallel states as JSON). */
export function stateName(snapshot: { value: unknown }): string {
  const parts: string[] = [];
  let value = snapshot.value;
  while (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length !== 1) return [...parts, JSON.stringify(value)].join('.');
    parts.push(entries[0][0]);
    value = entries[0][1];
  }
  return [...parts, String(value)].join('.');
}

export interface MachinePathsOptions<E extends EventObject> {
  events: readonly E[];
  /**
   * `shortest`: one path to every state; `simple`: every loop-free route to every state; `transitions`
   * (default): one path per transition (the shortest way to its source state, then the transition), so every
   * transition of the machine, including those back to earlier states, is taken at least once.
   */
  kind?: 'shortest' | 'simple' | 'transitions';
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

export function machinePaths<E extends EventObject>(machine: AnyStateMachine, options: MachinePathsOptions<E>) {
  const events = [...options.events, ...delayedEvents(machine)] as EventObject[];
  const traversal = {
    events,
    // Only events the state handles: an ignored event is not a transition worth a path.
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event),
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  };
  if (options.kind === 'simple') return getSimplePaths(machine, traversal) as MachinePath[];
  const shortest = getShortestPaths(machine, traversal) as MachinePath[];
  if (options.kind === 'shortest') return shortest;

  const serialize: (snapshot: AnyMachineSnapshot) => string = options.serializeState ?? serializeSnapshot;
  const toState = new Map(shortest.map((path) => [serialize(path.state), path]));
  const adjacency = getAdjacencyMap(machine, traversal);
  const paths: MachinePath[] = [];
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    const base = toState.get(key);
    if (!base) continue;
    for (const { event, state } of Object.values(transitions) as { event: EventObject; state: AnyMachineSnapshot }[]) {
      paths.push({ state, steps: [...base.steps, { state, event }], weight: base.steps.length + 1 });
    }
  }
  return paths;
}

/** One path as readable steps: `state --event--> next state`. */
export function describePath(path: MachinePath, machine: AnyStateMachine): string[] {
  const lines: string[] = [];
  let previous = stateName(path.steps[0]?.state ?? path.state);
  for (const [index, step] of path.steps.entries()) {
    if (index === 0 && step.event.type === 'xstate.init') continue;
    const next = stateName(step.state);
    lines.push(`${previous} --${describeEvent(step.event, machine, path.steps[index - 1])}--> ${next}`);
    previous = next;
  }
  return lines;
}
