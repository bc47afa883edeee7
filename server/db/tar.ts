/**
 * A gzipped tar (ustar) of a folder, written here rather than by PGlite's `dumpDataDir`: PGlite's walks the
 * folder through its WebAssembly file system, which fails on the server's control socket in the data folder and
 * would copy the folder's lock. This one keeps regular files and folders only and leaves out the names it is
 * given. PGlite's `loadDataDir` reads the result (names relative to the folder, as its own dump writes them).
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BLOCK = 512;

function header(name: string, size: number, mode: number, mtime: Date, type: '0' | '5'): Buffer {
  const block = Buffer.alloc(BLOCK);
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`The path ${name} is too long for the backup's tar format.`);
  nameBytes.copy(block, 0);
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** The folder `dir` as a gzipped tar; `skip(relativePath)` leaves an entry (and what is under it) out. */
export function tarFolder(dir: string, skip: (path: string) => boolean = () => false): Uint8Array {
  const parts: Buffer[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(join(dir, relative)).sort()) {
      const path = relative ? `${relative}/${name}` : name;
      if (skip(path)) continue;
      const stat = lstatSync(join(dir, path));
      if (stat.isDirectory()) {
        parts.push(header(path, 0, stat.mode, stat.mtime, '5'));
        walk(path);
      } else if (stat.isFile()) {
        const data = readFileSync(join(dir, path));
        parts.push(header(path, data.length, stat.mode, stat.mtime, '0'), data);
        const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
        if (pad) parts.push(Buffer.alloc(pad));
      }
      // Sockets, links and devices are not part of a database.
    }
  };
  walk('');
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts), { level: 1 });
}
