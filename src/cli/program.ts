import { Command, CommanderError, Option } from 'commander';
import { CondoError, ExitCode } from '../domain/errors.js';
import { register as registerApi } from './commands/api.js';
import { register as registerAuth } from './commands/auth.js';
import { register as registerBatches } from './commands/batches.js';
import { register as registerCnab } from './commands/cnab.js';
import { register as registerConfig } from './commands/config.js';
import { register as registerDemo } from './commands/demo.js';
import { register as registerExpenses } from './commands/expenses.js';
import { register as registerInvoices } from './commands/invoices.js';
import { register as registerLedger } from './commands/ledger.js';
import { register as registerLookups } from './commands/lookups.js';
import { register as registerPayables } from './commands/payables.js';
import { register as registerReports } from './commands/reports.js';
import { register as registerSandbox } from './commands/sandbox.js';
import { register as registerStatements } from './commands/statements.js';
import { register as registerWebhooks } from './commands/webhooks.js';
import { CLI_VERSION, createDeps, type Deps, type GlobalOptions } from './context.js';
import { type Io, paint, writeLine } from './io.js';

/** A verb: gets its dependencies and the parsed command, returns an exit code (or throws a CondoError). */
export type Verb = (deps: Deps, cmd: Command) => Promise<number | undefined>;
export interface VerbOptions {
  /** The verb writes a file: `-o FILE` (or `-o -` for stdout) names it instead of an output format. */
  outputIsPath?: boolean;
}
export type Runner = (verb: Verb, options?: VerbOptions) => (...args: unknown[]) => Promise<void>;
export type Register = (program: Command, run: Runner) => void;

export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command('condo')
    .description(
      'Condominium finance from the command line: payables, CNAB 240 remittances, statements, ledger.',
    )
    .version(CLI_VERSION, '-v, --version')
    .option('--profile <name>', 'credentials profile to use')
    .addOption(new Option('-o, --output <format>', 'output format: table, tsv, json, csv'))
    .option('--json', 'print the API data as JSON (same as -o json)')
    .option('--no-input', 'never prompt; a missing value is a usage error')
    .option('--no-color', 'no colour in output')
    .option('--debug', 'trace HTTP calls on stderr (secrets redacted)')
    .option('-q, --quiet', 'print only results, no progress')
    .option('--base-url <url>', 'API base URL (overrides the profile)')
    .option('--request-id <id>', 'X-Request-Id to send with every call')
    .option('--idempotency-key <key>', 'Idempotency-Key for a single write')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(paint(io, 'red', s)),
    });

  const run: Runner =
    (verb, options = {}) =>
    async (...args: unknown[]): Promise<void> => {
      const cmd = args[args.length - 1] as Command;
      const globals = cmd.optsWithGlobals() as GlobalOptions;
      const deps = createDeps({ ...io, color: io.color && globals.color !== false }, globals, options);
      try {
        setExit((await verb(deps, cmd)) ?? ExitCode.ok);
      } finally {
        await deps.close();
      }
    };

  for (const register of REGISTRY) register(program, run);
  return program;
}

const REGISTRY: Register[] = [
  registerAuth,
  registerConfig,
  registerPayables,
  registerBatches,
  registerCnab,
  registerStatements,
  registerWebhooks,
  registerInvoices,
  registerExpenses,
  registerLedger,
  registerReports,
  registerLookups,
  registerApi,
  registerSandbox,
  registerDemo,
];

/** One stderr line for an error: message, API code and request id; the exit code comes from its class. */
export function reportError(io: Io, error: unknown): number {
  if (error instanceof CondoError) {
    const extras = [error.code, error.requestId ? `request id ${error.requestId}` : undefined].filter(
      Boolean,
    );
    writeLine(
      io.stderr,
      paint(io, 'red', `error: ${error.message}${extras.length ? ` (${extras.join(', ')})` : ''}`),
    );
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  writeLine(io.stderr, paint(io, 'red', `error: ${message}`));
  if (process.env.CONDO_DEBUG_STACK && error instanceof Error) writeLine(io.stderr, error.stack ?? '');
  return ExitCode.error;
}

export async function main(argv: string[], io: Io): Promise<number> {
  let exitCode: number = ExitCode.ok;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
      if (error.code === 'commander.help') return ExitCode.ok;
      return ExitCode.usage; // commander already printed the message
    }
    return reportError(io, error);
  }
}
