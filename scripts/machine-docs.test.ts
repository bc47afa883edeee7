import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerMachine } from '../machines/layer/layer.machine';
import { machineRegistry } from '../machines/registry';
import { MACHINE_DOCS_DIR, machinePages, stateDiagram } from '../machines/testing/docs';

const root = join(import.meta.dirname, '..');

describe('the machines drawn for QA (docs/machines)', () => {
  const pages = machinePages(machineRegistry);

  it('has one page per machine folder, and the committed pages are what the machines produce', () => {
    const committed = readdirSync(join(root, MACHINE_DOCS_DIR)).filter((name) => name.endsWith('.md'));
    expect(committed.sort()).toEqual([...pages.keys()].sort());
    for (const [name, text] of pages) {
      // Out of date? Run `npm run paths -- --docs` and commit docs/machines/.
      expect(readFileSync(join(root, MACHINE_DOCS_DIR, name), 'utf8'), name).toBe(text);
    }
  });

  it('draws every state and every transition of a machine', () => {
    const diagram = stateDiagram(layerMachine);
    expect(diagram.split('\n')[0]).toBe('stateDiagram-v2');
    expect(diagram).toContain('[*] --> layer_hidden');
    expect(diagram).toContain('layer_hidden --> layer_shown : layer.open');
    expect(diagram).toContain('layer_shown --> layer_shown : layer.open');
    expect(diagram).toContain('layer_shown --> layer_hidden : layer.close');
    expect(diagram).toContain('layer_shown --> layer_hidden : layer.cancel');
  });

  it('lists the generated paths as numbered steps', () => {
    const layer = pages.get('layer.md') ?? '';
    expect(layer).toMatch(/^ {3}1\. hidden --layer\.open \{layerType="clientDownload"\}--> shown$/m);
    // Both machines of the folder are on its page.
    expect(layer).toContain('## layer');
    expect(layer).toContain('## documentModal');
  });
});
