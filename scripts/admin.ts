/**
 * `npm run admin -- <command> [options]`: the operator's command for bans (the commands are in
 * server/admin/commands.ts). With the embedded database and a running server, the command runs inside the
 * server through its control socket (server/admin/control.ts), since only one process may open that database;
 * otherwise (PostgreSQL, or no server running) it opens the database itself. `npm run admin -- help` lists the
 * commands. `check-providers` needs no database: it checks the configured vendors' credentials here.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../server/admin/commands';
import { adminSocketPath, askServer } from '../server/admin/control';
import { readSettings } from '../server/config/settings';
import { checkProviders } from '../server/providers/check';

export { main, USAGE } from '../server/admin/commands';

const projectRoot = join(import.meta.dirname, '..');

/**
 * `backup FILE` and `restore FILE` with FILE relative to the folder the operator typed the command in: npm runs
 * scripts from the project folder (it passes the original one as INIT_CWD), and the server that writes the file
 * runs in the project folder too.
 */
export function absoluteFileArguments(args: string[], cwd: string): string[] {
  const at = args.findIndex((arg) => !arg.startsWith('-'));
  if (!['backup', 'restore'].includes(args[at] ?? '')) return args;
  const file = args.findIndex((arg, i) => i > at && !arg.startsWith('-'));
  if (file < 0 || isAbsolute(args[file])) return args;
  return args.map((arg, i) => (i === file ? resolve(cwd, arg) : arg));
}

/** Whether the command reads standard input: `operator add` (the password). */
export const readsStdin = (args: string[]) => {
  const words = args.filter((arg) => !arg.startsWith('-'));
  return words[0] === 'operator' && words[1] === 'add';
};

/**
 * The first line of standard input: piped (`printf '%s\n' "$PASSWORD" | npm run admin -- operator add …`), or
 * typed at a terminal without being shown.
 */
export function readPassword(input: NodeJS.ReadStream = process.stdin): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const typed = input.isTTY === true;
    if (typed) {
      process.stderr.write(`Password of the operator (at least 12 characters, not shown): `);
      input.setRawMode(true);
    }
    input.setEncoding('utf8');
    const finish = () => {
      input.off('data', onData);
      input.off('end', finish);
      if (typed) {
        input.setRawMode(false);
        process.stderr.write('\n');
      }
      input.pause();
      resolve(text.split(/\r?\n|\r/)[0] ?? '');
    };
    const onData = (chunk: string) => {
      // Ctrl+C at the terminal: stop without adding anyone.
      if (typed && chunk.includes('\u0003')) {
        input.setRawMode(false);
        reject(new Error('Cancelled.'));
        return;
      }
      if (!typed) text += chunk;
      // Backspace at the terminal takes back the last character.
      else
        for (const char of chunk)
          text = char === '\u007f' || char === '\b' ? [...text].slice(0, -1).join('') : text + char;
      if (/[\r\n]/.test(text)) finish();
    };
    input.on('data', onData);
    input.on('end', finish);
    input.resume();
  });
}

/** Runs the command in the running server when there is one on the embedded database; else here. */
export async function runAdminCommand(given: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // Needs no database: it reads the settings and asks the vendors (server/providers/check.ts).
  if (given[0] === 'check-providers') return checkProviders(env, { out: console.log });
  const stdin = readsStdin(given) ? await readPassword() : undefined;
  const args = absoluteFileArguments(given, env.INIT_CWD ?? process.cwd());
  let settings: ReturnType<typeof readSettings> | undefined;
  try {
    settings = readSettings({ NODE_ENV: 'production', ...env });
  } catch {
    // main() reports a bad setting in its own words.
  }
  if (settings && !settings.databaseUrl) {
    const reply = await askServer(adminSocketPath(resolve(projectRoot, settings.dataDir)), args, 60_000, stdin).catch(
      (error: unknown) => {
        console.error(`Could not reach the running server: ${error instanceof Error ? error.message : error}`);
        return { code: 1, out: [], err: [] };
      },
    );
    if (reply) {
      for (const line of reply.out) console.log(line);
      for (const line of reply.err) console.error(line);
      return reply.code;
    }
  }
  return main(args, { out: console.log, err: console.error, env, stdin });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runAdminCommand(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
