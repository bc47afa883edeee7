/**
 * `npm run paths [machine]`: prints every generated path of every machine (or of one) as readable steps,
 * `state --event--> next state`, one path per transition of the machine. QA reads these to know what the
 * path tests replay.
 *
 * `npm run paths -- --docs` writes docs/machines/<folder>.md instead: each machine's Mermaid state diagram and its
 * paths as numbered steps (machines/testing/docs.ts); a test fails when the committed pages are out of date.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../machines/registry';
import { MACHINE_DOCS_DIR, machinePages } from '../machines/testing/docs';
import { describePath, machinePaths, stateName } from '../machines/testing/paths';

if (process.argv.includes('--docs')) {
  const pages = machinePages(machineRegistry);
  mkdirSync(MACHINE_DOCS_DIR, { recursive: true });
  for (const name of readdirSync(MACHINE_DOCS_DIR)) if (!pages.has(name)) rmSync(join(MACHINE_DOCS_DIR, name));
  for (const [name, text] of pages) writeFileSync(join(MACHINE_DOCS_DIR, name), text);
  console.log(`Wrote ${pages.size} pages to ${MACHINE_DOCS_DIR}/: ${[...pages.keys()].join(', ')}`);
  process.exit(0);
}

const only = process.argv[2];
const selected = machineRegistry.filter((entry) => !only || entry.name === only);
if (selected.length === 0) {
  console.error(`No machine named "${only}". Machines: ${machineRegistry.map((entry) => entry.name).join(', ')}`);
  process.exit(1);
}

let total = 0;
for (const { name, spec, machine, events } of selected) {
  const paths = machinePaths(machine, { events });
  total += paths.length;
  console.log(`\n## ${name} (${spec}): ${paths.length} paths`);
  paths.forEach((path, index) => {
    console.log(`\nPath ${index + 1}:`);
    const steps = describePath(path, machine);
    if (steps.length === 0) console.log(`  starts in ${stateName(path.state)}`);
    for (const [n, step] of steps.entries()) console.log(`  ${n + 1}. ${step}`);
  });
}
console.log(`\n${total} paths in ${selected.length} machine(s).`);
