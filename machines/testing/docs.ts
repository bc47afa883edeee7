/**
 * The machines drawn for QA: one Markdown page per machine folder (`docs/machines/<folder>.md`) with a Mermaid
 * `stateDiagram-v2` of every state and transition, read from the machine definition itself, and the generated
 * test paths as numbered steps (the same paths the path tests replay). `npm run paths -- --docs` writes the
 * pages; scripts/machine-docs.test.ts fails when the committed pages differ from what the machines produce.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { RegisteredMachine } from '../registry';
import { delayOf, describePath, machinePaths, stateName } from './paths';

/** Where the pages live, relative to the project root. */
export const MACHINE_DOCS_DIR = 'docs/machines';

/** A Mermaid-safe id for a state node (`scanLogin.code.polling` → `scanLogin_code_polling`). */
function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

/** The label of a transition: the event in the product's words, with its guard when it has one. */
function transitionLabel(eventType: string, guard: unknown, machine: AnyStateMachine): string {
  let label = eventType;
  const delay = delayOf({ type: eventType }, machine, { state: { context: {} }, event: { type: 'xstate.init' } });
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) label = delay && Number.isFinite(delay.ms) ? `after ${after[1]} (${delay.ms} ms)` : `after ${after[1]}`;
  else if (eventType.startsWith('xstate.done.actor.')) label = `${eventType.slice('xstate.done.actor.'.length)} done`;
  else if (eventType.startsWith('xstate.error.actor.'))
    label = `${eventType.slice('xstate.error.actor.'.length)} failed`;
  else if (eventType.startsWith('xstate.done.state.')) label = 'done';
  else if (eventType === '') label = 'always';
  const guardName = guardLabel(guard);
  // Mermaid reads ':' and ';' in a label as syntax.
  return (guardName ? `${label} [${guardName}]` : label).replace(/[:;]/g, ' ');
}

function guardLabel(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // xstate's `not(…)`, `and(…)`, `or(…)` keep the guards they combine.
    const inner = (guard as { guards?: unknown[] }).guards;
    if (inner?.length) {
      const names = inner.map((one) => guardLabel(one) ?? 'condition');
      return guard.name === 'not' ? `not ${names[0]}` : names.join(` ${guard.name} `);
    }
    return guard.name && guard.name !== 'guard' ? guard.name : 'condition';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    return [String(type), ...paramWords(params)].join(' ');
  }
  return 'condition';
}

/**
 * The fixed part of a guard's parameters (`statuses: ['bound']` → `bound`), so that transitions on the same event
 * can be told apart. Parameters computed from the event are evaluated with an empty event and left out.
 */
function paramWords(params: unknown): string[] {
  let value = params;
  if (typeof params === 'function') {
    try {
      value = params({ context: {}, event: { type: '' } });
    } catch {
      return [];
    }
  }
  if (!value || typeof value !== 'object') return [];
  return Object.values(value).flatMap((part) =>
    Array.isArray(part)
      ? [part.join(', ')]
      : typeof part === 'string' || typeof part === 'number'
        ? [String(part)]
        : [],
  );
}

function diagramLines(node: AnyStateNode, machine: AnyStateMachine, indent: string, lines: string[]) {
  const children = Object.values(node.states) as AnyStateNode[];
  if (node.initial && children.length > 0 && node.type !== 'parallel') {
    const initial = node.initial.target[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  }
  for (const [index, child] of children.entries()) {
    lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent}state ${mermaidId(child)} {`);
      diagramLines(child, machine, `${indent}  `, lines);
      lines.push(`${indent}}`);
    }
    if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
    if (node.type === 'parallel' && index < children.length - 1) lines.push(`${indent}--`);
  }
  for (const child of children) {
    const transitions = [...child.transitions.entries()].flatMap(([eventType, list]) =>
      list.map((transition) => ({ eventType, transition })),
    );
    for (const transition of child.always ?? []) transitions.push({ eventType: '', transition });
    for (const { eventType, transition } of transitions) {
      const targets = (transition.target ?? []) as AnyStateNode[];
      const label = transitionLabel(eventType, transition.guard, machine);
      // A transition without a target runs actions in place: drawn as a loop so QA sees that the event is handled.
      for (const target of targets.length ? targets : [child]) {
        lines.push(`${indent}${mermaidId(child)} --> ${mermaidId(target)} : ${label}`);
      }
    }
  }
}

/** The Mermaid `stateDiagram-v2` source of a machine. */
export function stateDiagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  diagramLines(machine.root as AnyStateNode, machine, '  ', lines);
  return lines.join('\n');
}

/** A step's payload cut to a length QA can read (tickets and images are samples, not what the step is about). */
function shortStep(step: string): string {
  return step.replace(/ \{(.{80,}?)\}--> /g, (_, payload: string) => ` {${payload.slice(0, 72)}…}--> `);
}

/** The generated test paths of a machine as numbered paths of numbered steps (Markdown). */
export function pathList(entry: RegisteredMachine): string[] {
  const paths = machinePaths(entry.machine, { events: entry.events });
  const lines: string[] = [];
  paths.forEach((path, index) => {
    const steps = describePath(path, entry.machine);
    lines.push(`${index + 1}. ends in \`${stateName(path.state)}\``);
    if (steps.length === 0) lines.push('   1. starts there');
    steps.forEach((step, n) => {
      lines.push(`   ${n + 1}. ${shortStep(step).replace(/`/g, "'")}`);
    });
  });
  return lines;
}

/** One page per machine folder: `{ 'layer.md': '…', … }` (a folder may hold more than one machine). */
export function machinePages(registry: readonly RegisteredMachine[]): Map<string, string> {
  const folders = new Map<string, RegisteredMachine[]>();
  for (const entry of registry) folders.set(entry.folder, [...(folders.get(entry.folder) ?? []), entry]);
  const pages = new Map<string, string>();
  for (const [folder, entries] of folders) {
    const parts = [
      `# ${folder}`,
      '',
      `Generated from \`machines/${folder}/\` by \`npm run paths -- --docs\`; do not edit by hand (a test compares).`,
    ];
    for (const entry of entries) {
      const paths = pathList(entry);
      const count = paths.filter((line) => /^\d/.test(line)).length;
      parts.push(
        '',
        `## ${entry.name}`,
        '',
        `Implements: ${entry.spec}.`,
        '',
        '```mermaid',
        stateDiagram(entry.machine),
        '```',
        '',
        `### Test paths (${count})`,
        '',
        'Each path starts from the initial state; the path tests replay every one of them.',
        '',
        ...paths,
      );
    }
    pages.set(`${folder}.md`, `${parts.join('\n')}\n`);
  }
  return pages;
}
