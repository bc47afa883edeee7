/**
 * `npm run paths [machine]`: prints every generated path of every machine (or of one) as readable steps,
 * `state --event--> next state`, one path per transition of the machine. QA reads these to know what the
 * path tests replay.
 */
import { machineRegistry } from '../machines/registry';
import { describePath, machinePaths, stateName } from '../machines/testing/paths';

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
