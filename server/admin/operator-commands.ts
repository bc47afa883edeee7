/**
 * `operator add | remove | reset-totp | list`: the operators of the console (docs/decisions/046-operators-console.md),
 * run like the other commands inside the running server or in the command's own process. `add` reads the password
 * from standard input (scripts/admin.ts passes it on) and prints the TOTP secret, shown only then.
 */
import { recordAudit } from '../console/audit';
import {
  addOperator,
  listOperators,
  OPERATOR_PASSWORD_MIN,
  OperatorRefusal,
  removeOperator,
  resetOperatorTotp,
  type TotpSecret,
} from '../console/operators';
import type { Database } from '../db/database';

export const OPERATOR_SUBCOMMANDS = ['add', 'remove', 'reset-totp', 'list'] as const;

export const OPERATOR_USAGE = `  operator add --name <name> --role owner|support|editor
      Add an operator of the console (CONSOLE_PORT): the password is read from standard input (at least
      ${OPERATOR_PASSWORD_MIN} characters); prints the TOTP secret ("totp-secret: …") and its otpauth:// URI for an
      authenticator app, shown only now. Roles: owner (everything, webhooks too), support (users, sign-ups,
      audit), editor (reserved for the college editor).
  operator remove --name <name>
      Remove an operator: signing in stops and its sessions end.
  operator reset-totp --name <name>
      Give an operator a new TOTP secret (printed); the old one stops working.
  operator list
      The operators, their roles and last sign-in.`;

/** Where the audit log says an operator command came from. */
const COMMAND_ADDRESS = 'npm run admin';

export interface OperatorIo {
  out: (line: string) => void;
  /** What was typed or piped on standard input (`add` reads the password from its first line). */
  stdin?: string;
}

function printSecret(out: (line: string) => void, totp: TotpSecret) {
  out(`totp-secret: ${totp.secret}`);
  out(`otpauth-uri: ${totp.uri}`);
  out('Add it to an authenticator app (type the secret, or make a QR code of the URI); it is not shown again.');
}

const when = (date: Date | null) =>
  date
    ? date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
    : '—';

/** The password: the first line of standard input, without its line end. */
export function passwordFromStdin(stdin: string | undefined): string {
  return (stdin ?? '').split(/\r?\n/)[0] ?? '';
}

export async function runOperatorCommand(
  db: Database,
  subcommand: string | undefined,
  options: { name?: string; role?: string },
  io: OperatorIo,
  now: Date,
): Promise<void> {
  const name = () => {
    if (!options.name) throw new OperatorRefusal('--name is required. See: npm run admin -- help');
    return options.name;
  };
  const audit = (action: string, after: unknown) =>
    recordAudit(db, { at: now, operator: null, address: COMMAND_ADDRESS, action, after });
  switch (subcommand) {
    case 'add': {
      if (!options.role) throw new OperatorRefusal('--role is required (owner, support or editor).');
      const password = passwordFromStdin(io.stdin);
      if (!password)
        throw new OperatorRefusal(
          'Type the password on standard input (at least 12 characters), e.g. printf "%s\\n" "$PASSWORD" | npm run admin -- operator add …',
        );
      const added = await addOperator(db, { name: name(), role: options.role, password }, now);
      await audit('operator.add', { name: options.name, role: options.role });
      io.out(`Added the operator "${options.name}" (${options.role}).`);
      printSecret(io.out, added);
      return;
    }
    case 'remove': {
      if (!(await removeOperator(db, name(), now))) throw new OperatorRefusal(`No operator "${options.name}".`);
      await audit('operator.remove', { name: options.name });
      io.out(`Removed the operator "${options.name}": signing in stops, and its sessions have ended.`);
      return;
    }
    case 'reset-totp': {
      const totp = await resetOperatorTotp(db, name());
      if (!totp) throw new OperatorRefusal(`No operator "${options.name}".`);
      await audit('operator.reset_totp', { name: options.name });
      io.out(`A new TOTP secret for "${options.name}" (the old one no longer works):`);
      printSecret(io.out, totp);
      return;
    }
    case 'list': {
      const operators = await listOperators(db);
      if (!operators.length) {
        io.out('No operators yet: npm run admin -- operator add --name <name> --role owner');
        return;
      }
      const width = Math.max(4, ...operators.map((o) => o.name.length));
      io.out(`${'name'.padEnd(width)}  ${'role'.padEnd(7)}  ${'added'.padEnd(23)}  last sign-in`);
      for (const o of operators)
        io.out(`${o.name.padEnd(width)}  ${o.role.padEnd(7)}  ${when(o.createdAt).padEnd(23)}  ${when(o.lastLoginAt)}`);
      return;
    }
    default:
      throw new OperatorRefusal(
        `"operator" needs one of ${OPERATOR_SUBCOMMANDS.join(', ')}${subcommand ? `, got "${subcommand}"` : ''}. See: npm run admin -- help`,
      );
  }
}
