/**
 * A gzipped tar of a folder (tar-stream), written here rather than by PGlite's `dumpDataDir`: PGlite's walks the
 * folder through its WebAssembly file system, which fails on the server's control socket in the data folder and
 * would copy the folder's lock. This one keeps regular files and folders only and leaves out the names it is
 * given. PGlite's `loadDataDir` reads the result (names relative to the folder, as its own dump writes them).
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';

/** The folder `dir` as a gzipped tar; `skip(relativePath)` leaves an entry (and what is under it) out. */
export async function tarFolder(dir: string, skip: (path: string) => boolean = () => false): Promise<Uint8Array> {
  const tar = pack();
  const done = buffer(tar);
  const walk = (relative: string) => {
    for (const name of readdirSync(join(dir, relative)).sort()) {
      const path = relative ? `${relative}/${name}` : name;
      if (skip(path)) continue;
      const stat = lstatSync(join(dir, path));
      const header = { name: path, mode: stat.mode & 0o7777, mtime: stat.mtime };
      if (stat.isDirectory()) {
        tar.entry({ ...header, type: 'directory' });
        walk(path);
      } else if (stat.isFile()) {
        tar.entry({ ...header, type: 'file' }, readFileSync(join(dir, path)));
      }
      // Sockets, links and devices are not part of a database.
    }
  };
  walk('');
  tar.finalize();
  return gzipSync(await done, { level: 1 });
}
