import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|csv|md|map)$/;

/** Writes `.br` and `.gz` beside every compressible file of at least 1 kB below `dir`; returns the count. */
export function compressDir(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += compressDir(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(path);
    if (data.length < 1024) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}
