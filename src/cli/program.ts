import { Command, CommanderError, Option } from 'commander';
import { flagOfApiField } from '../domain/body-fields.js';
import { CondoError, UsageError } from '../domain/errors.js';
import { completionScript, completionTable, SHELLS } from './completion.js';
import { complete } from './completion-table.js';
import { CLI_VERSION, createDeps, type GlobalOptions } from './context.js';
import { EXAMPLES } from './examples.js';
import { ExitCode, exitCodeOf } from './exit-codes.js';
import { namedProblem } from './fields.js';
import type { FileKind } from './file-kind.js';
import { enumFlag } from './flags.js';
import { HELP_TOPICS, reflowTopic } from './help-topics.js';
import { english, langArg, loadTranslator, resolveLang, type Translate } from './i18n.js';
import { type Io, paint, printable, writeLine } from './io.js';
import { JSON_FIELDS, wrapMessage } from './output.js';
import {
  ACROSS_PROFILES_FILES,
  ACROSS_PROFILES_READS,
  acrossProfiles,
  readAcrossProfiles,
} from './profiles.js';
import type { Register, Runner } from './verb.js';

/**
 * The command tree. With `args` (the words after `condo`), only the group of the command they name is loaded and
 * registered, which is all a run needs; without them, or when they name none (help, completion, a typo that
 * deserves a suggestion), every group is.
 */
export async function buildProgram(
  io: Io,
  setExit: (code: number) => void,
  setJson: (json: boolean) => void = () => undefined,
  t: Translate = english,
  args?: readonly string[],
): Promise<Command> {
  const program = new Command('condo')
    .description(
      'Condominium finance from the command line: payables, CNAB 240 remittances, statements, ledger.',
    )
    .version(CLI_VERSION, '-v, --version')
    .option('--profile <name>', 'credentials profile to use')
    .option('--profiles <names>', 'a read over these profiles (a,b,c): one table with a CONDOMINIUM column')
    .option('--all-profiles', "a read over every profile; a file verb sends each file to its condominium's")
    .addOption(new Option('-o, --output <format>', 'output format: table, tsv, json, csv'))
    .option('--json', 'print the API data as JSON (same as -o json); --json a,b keeps those fields')
    .addOption(new Option('--json-fields <fields>').hideHelp())
    .option('--header', 'a header row in tsv output too (csv always has one)')
    .option('--no-input', 'never prompt; a missing value is a usage error')
    .option('--no-color', 'no colour in output')
    .option('--debug', 'trace HTTP calls on stderr (secrets redacted)')
    .option('-q, --quiet', 'print only results, no progress')
    .option('--base-url <url>', 'API base URL (overrides the profile)')
    .option('--request-id <id>', 'X-Request-Id to send with every call')
    .option('--idempotency-key <key>', 'Idempotency-Key for a single write')
    .option('--lang <lang>', 'language of the screens: pt-BR or en (default from LANG)')
    .option('--excel', 'csv as Excel in Portuguese opens it: ; separators, decimal commas, a UTF-8 BOM')
    .showSuggestionAfterError()
    // every verb's --help lists the global flags it inherits; headings in the person's language
    .configureHelp({ showGlobalOptions: true, styleTitle: (title) => t(title) })
    .helpOption('-h, --help', t('display help for command'))
    .helpCommand(false)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // commander's usage errors, in the person's language like condo's own
      outputError: (s, write) => write(paint(io, 'red', t(s))),
    });

  const run: Runner =
    (verb) =>
    async (...args: unknown[]): Promise<void> => {
      const cmd = args[args.length - 1] as Command;
      const globals = cmd.optsWithGlobals() as GlobalOptions;
      setJson(Boolean(globals.json || globals.jsonFields) || globals.output === 'json');
      const deps = createDeps({ ...io, color: io.color && globals.color !== false }, globals, t, {}, main);
      try {
        if (acrossProfiles(globals)) {
          const path = commandPath(cmd);
          if ((ACROSS_PROFILES_READS as readonly string[]).includes(path)) {
            setExit(await readAcrossProfiles(deps, (child) => verb(child, cmd)));
            return;
          }
          const only: Record<string, FileKind> = {
            'batches import-return': 'return',
            'statements import': 'statement',
          };
          const kind = only[path];
          if (kind) {
            const { importFiles } = await import('./commands/import.js');
            setExit(await importFiles(deps, cmd.args, { only: kind, statement: cmd.opts() }));
            return;
          }
          if (!(ACROSS_PROFILES_FILES as readonly string[]).includes(path))
            throw new UsageError(
              `--profiles/--all-profiles: "condo ${path}" runs on one condominium; they apply to ${[...ACROSS_PROFILES_READS, ...ACROSS_PROFILES_FILES].join(', ')}`,
            );
        }
        const code = (await verb(deps, cmd)) ?? ExitCode.ok;
        setExit(code);
        // after a write, where it went (the question before it named it too): a person with many profiles checks
        if (
          code === ExitCode.ok &&
          WRITES.has(commandPath(cmd)) &&
          !cmd.opts().dryRun &&
          !deps.nothingWritten &&
          deps.format !== 'json'
        )
          deps.info(`written to ${await deps.target()}`, true);
      } finally {
        await deps.close();
      }
    };

  const word = args && commandWord(program, args);
  const group = word !== undefined ? COMMAND_GROUPS[word] : undefined;
  const modules = group ? [group] : [...new Set(Object.values(COMMAND_GROUPS))];
  for (const { register } of await Promise.all(modules.map((load) => load()))) register(program, run);
  registerHelp(program, io, t);
  program
    .command('completion <shell>')
    .description('shell completion: commands, flags and their values')
    .action(
      run(async (deps, cmd) => {
        const shell = enumFlag('SHELL', cmd.args[0] as string, SHELLS);
        deps.io.stdout.write(completionScript(shell));
        return 0;
      }),
    );
  teach(program, t);
  return program;
}

/** The verbs that change the server's data: each names its target when it is done. */
const WRITES = new Set([
  'payables create',
  'payables update',
  'payables delete',
  'payables mark',
  'payables unmark',
  'batches create',
  'batches cancel',
  'batches import-return',
  'statements import',
  'import',
  'invoices create',
  'invoices issue',
  'expenses create',
  'expenses installments',
  'ledger entries create',
  'ledger transfer',
  'suppliers update',
  'webhooks create',
  'webhooks delete',
]);

/** `payables list` for the command of `condo payables list` (the words after `condo`). */
function commandPath(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** Every verb's --help ends with its examples (examples.ts); descriptions and flag help in the person's language. */
function teach(cmd: Command, t: Translate, path: string[] = []): void {
  for (const sub of cmd.commands) {
    const here = [...path, sub.name()];
    sub.description(t(sub.description()));
    for (const option of sub.options) option.description = t(option.description);
    const examples = EXAMPLES[here.join(' ')];
    if (examples)
      sub.addHelpText('after', `\n${t('Examples:')}\n${examples.map((e) => `  $ ${e}`).join('\n')}`);
    teach(sub, t, here);
  }
  if (path.length === 0) {
    cmd.description(t(cmd.description()));
    for (const option of cmd.options) option.description = t(option.description);
  }
}

/**
 * `condo help [COMMAND…]` as commander's, plus topics a man page would hold: exit codes, formats, environment,
 * cron (help-topics.ts). `condo help` alone lists the topics after the usual help.
 */
function registerHelp(program: Command, io: Io, t: Translate): void {
  program
    .command('help [words...]')
    .description('help on a command, or a topic: exit-codes, formats, environment, cron')
    .action((words: string[] = []) => {
      const topic = HELP_TOPICS[words.join(' ')];
      if (topic) {
        // filled to the terminal's width (80 when piped), as a man page is
        const columns = io.stdout.isTTY ? (io.stdout.columns ?? 80) : 80;
        writeLine(io.stdout, reflowTopic(topic.text, Math.max(40, Math.min(columns, 100))));
        return;
      }
      let target: Command = program;
      for (const word of words) {
        const sub = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!sub)
          throw new UsageError(
            `help: no command or topic "${words.join(' ')}"; topics: ${Object.keys(HELP_TOPICS).join(', ')}`,
          );
        target = sub;
      }
      writeLine(io.stdout, target.helpInformation().trimEnd());
      if (target === program) {
        writeLine(io.stdout, `\n${t('Topics')} (condo help TOPIC):`);
        for (const [name, { summary }] of Object.entries(HELP_TOPICS))
          writeLine(io.stdout, `  ${name.padEnd(12)} ${summary}`);
      }
    });
}

type CommandModule = () => Promise<{ register: Register }>;

const auth: CommandModule = () => import('./commands/auth.js');
const config: CommandModule = () => import('./commands/config.js');
const payables: CommandModule = () => import('./commands/payables.js');
const batches: CommandModule = () => import('./commands/batches.js');
const cnab: CommandModule = () => import('./commands/cnab.js');
const statements: CommandModule = () => import('./commands/statements.js');
const importFiles: CommandModule = () => import('./commands/import.js');
const webhooks: CommandModule = () => import('./commands/webhooks.js');
const invoices: CommandModule = () => import('./commands/invoices.js');
const expenses: CommandModule = () => import('./commands/expenses.js');
const ledger: CommandModule = () => import('./commands/ledger.js');
const reports: CommandModule = () => import('./commands/reports.js');
const lookups: CommandModule = () => import('./commands/lookups.js');
const api: CommandModule = () => import('./commands/api.js');
const sandbox: CommandModule = () => import('./commands/sandbox.js');
const demo: CommandModule = () => import('./commands/demo.js');

/**
 * Each top-level command and the module that registers it, in the order `condo --help` lists them (a test checks
 * that every module registers exactly the commands named here).
 */
export const COMMAND_GROUPS: Readonly<Record<string, CommandModule>> = {
  auth,
  config,
  payables,
  batches,
  cnab,
  statements,
  import: importFiles,
  webhooks,
  invoices,
  expenses,
  ledger,
  report: reports,
  defaulters: reports,
  indexes: reports,
  'bank-accounts': lookups,
  suppliers: lookups,
  units: lookups,
  api,
  sandbox,
  demo,
};

/** The command the words name (`payables` in `--profile x payables list`): the first word no flag takes. */
function commandWord(program: Command, args: readonly string[]): string | undefined {
  const takesValue = new Set(
    program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.long, o.short]),
  );
  takesValue.delete('--json'); // `--json a,b` is a word after it that is not a command, which loads them all
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return undefined;
    if (!arg.startsWith('-')) return arg;
    if (takesValue.has(arg)) i++;
  }
  return undefined;
}

/** The command line again, with `--idempotency-key KEY` (replacing one given), quoted for a POSIX shell. */
function rerun(argv: readonly string[], key: string): string {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--idempotency-key') i++;
    else if (!a.startsWith('--idempotency-key=')) args.push(a);
  }
  const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`);
  return ['condo', ...args.map(quote), '--idempotency-key', key].join(' ');
}

/**
 * A 422's reasons on the same line, field by field (the why must not hide behind --debug), each named by the flag
 * that sets it where there is one; the server's generic headline gives way to them, and a field named in a
 * headline is named by its flag too.
 */
function withFields(message: string, fields: Record<string, string[]> | undefined, byFlags: boolean): string {
  const named = (field: string) => (byFlags ? flagOfApiField(field) : undefined);
  const text = message.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (word) => named(word) ?? word);
  const entries = Object.entries(fields ?? {});
  // what the headline already says is not said again
  const parts = entries
    .filter(([, msgs]) => !msgs.every((m) => message.includes(m)))
    .map(([field, msgs]) => {
      const flag = named(field);
      return flag ? namedProblem(flag, msgs) : `${field}: ${msgs.join('; ')}`;
    });
  if (parts.length === 0) return text;
  // a headline that only sums up the fields gives way to them when each is named by its flag
  const summary =
    /^the request has invalid fields$/.test(message) ||
    (entries.every(([field]) => named(field)) &&
      entries.some(([field]) => text.includes(named(field) ?? '\0')));
  return summary ? parts.join(', ') : `${text}: ${parts.join(', ')}`;
}

/** One stderr line for an error: message, API code and request id; the exit code comes from its class. */
export function reportError(
  io: Io,
  error: unknown,
  argv: readonly string[] = [],
  t: Translate = english,
): number {
  if (error instanceof CondoError) {
    // The server's refusal of what flags sent names the flags; `condo api` and --from-file sent API fields.
    const byFlags =
      error.status !== undefined && !argv.includes('api') && !argv.some((a) => a.startsWith('--from-file'));
    const extras = [error.code, error.requestId ? `request id ${error.requestId}` : undefined].filter(
      Boolean,
    );
    writeLine(
      io.stderr,
      paint(
        io,
        'red',
        // on a terminal broken at spaces, not mid-word by the terminal's own wrap; one line in a log
        wrapMessage(
          io,
          printable(
            `${t('error:')} ${t(withFields(error.message, error.fields, byFlags))}${extras.length ? ` (${extras.join(', ')})` : ''}`,
          ),
        ),
      ),
    );
    if (error.code === 'outcome_unknown' && error.idempotencyKey) {
      writeLine(
        io.stderr,
        `The server may have done it. Run it again with the same key: it is done once, and you get its answer:\n  ${rerun(argv, error.idempotencyKey)}`,
      );
    }
    return exitCodeOf(error);
  }
  // not an API error: condo's own or the platform's (a native module that will not load), whose lines are its
  // own and stay lines; each is still made harmless
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split(/\r?\n/).map((l) => printable(l));
  writeLine(io.stderr, paint(io, 'red', `error: ${lines.join('\n')}`));
  if (process.env.CONDO_DEBUG_STACK && error instanceof Error) writeLine(io.stderr, error.stack ?? '');
  return ExitCode.error;
}

/**
 * `--json a,b` (gh's form) and `--json` alone both work: field names right after `--json` (or `--json=a,b`) become
 * the hidden `--json-fields`; a command name (`condo --json payables list`) or anything else stays an argument.
 */
export function jsonArgs(argv: readonly string[], commands: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const next = argv[i + 1] ?? '';
    if (arg.startsWith('--json=')) out.push('--json-fields', arg.slice('--json='.length));
    else if (arg === '--json' && JSON_FIELDS.test(next) && (next.includes(',') || !commands.has(next))) {
      out.push('--json-fields', next);
      i++;
    } else out.push(arg);
  }
  return out;
}

export function commandNames(cmd: Command, into = new Set<string>()): Set<string> {
  for (const sub of cmd.commands) {
    into.add(sub.name());
    for (const alias of sub.aliases()) into.add(alias);
    commandNames(sub, into);
  }
  return into;
}

/** With --json, a failed run leaves a JSON line on stdout too, so a cron log has one line per run. */
function errorJson(io: Io, error: unknown, exitCode: number): void {
  const e = error instanceof CondoError ? error : undefined;
  const message = error instanceof Error ? error.message : String(error);
  writeLine(
    io.stdout,
    JSON.stringify({
      error: {
        code: e?.code ?? null,
        message,
        request_id: e?.requestId ?? null,
        ...(e?.fields ? { fields: e.fields } : {}),
      },
      exit_code: exitCode,
    }),
  );
}

export async function main(argv: string[], io: Io): Promise<number> {
  let exitCode: number = ExitCode.ok;
  let json = false;
  let t: Translate = english;
  try {
    t = await loadTranslator(resolveLang(langArg(argv), io.env));
  } catch (error) {
    return reportError(io, error, argv);
  }
  const program = await buildProgram(
    io,
    (code) => {
      exitCode = code;
    },
    (wanted) => {
      json = wanted;
    },
    t,
    argv,
  );
  // The shell's completion script asks here for the candidates of the word being typed.
  if (argv[0] === '__complete') {
    // PowerShell's completer says an empty word being completed as --word-empty (completion.ts)
    const words = argv[1] === '--word-empty' ? [...argv.slice(2), ''] : argv.slice(1);
    for (const candidate of complete(completionTable(program), words)) writeLine(io.stdout, candidate);
    return ExitCode.ok;
  }
  const args = jsonArgs(argv, commandNames(program));
  // Known for sure once a verb runs; before that (a usage error from commander), read off the arguments.
  json =
    args.includes('--json') ||
    args.includes('--json-fields') ||
    /(^| )(-o|--output)[ =]?json( |$)/.test(args.join(' '));
  try {
    await program.parseAsync(args, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
      if (error.code === 'commander.help') return ExitCode.ok;
      // commander already printed the message on stderr
      if (json) errorJson(io, new Error(error.message.replace(/^error: /, '')), ExitCode.usage);
      return ExitCode.usage;
    }
    const code = reportError(io, error, argv, t);
    if (json) errorJson(io, error, code);
    return code;
  }
}
