import { Command, CommanderError, Option } from 'commander';
import { acrossProfiles } from '../app/firm.js';
import { CondoError, UsageError } from '../domain/errors.js';
import { apiErrorText, withFields } from './api-errors.js';

export { withFields } from './api-errors.js';

import { completionTable } from './completion.js';
import { complete } from './completion-table.js';
import { CLI_VERSION, createDeps, type GlobalOptions } from './context.js';
import {
  type CommandDecl,
  type Example,
  exampleLine,
  type FlagDecl,
  type VerbDecl,
  verbsOf,
  wordOf,
} from './declare.js';
import { ExitCode, exitCodeOf, outcomeOf } from './exit-codes.js';
import { addFieldOptions } from './fields.js';
import { collect } from './flags.js';
import { HELP_TOPICS, reflowTopic } from './help-topics.js';
import { english, errorTail, langArg, loadTranslator, resolveLang, type Translate } from './i18n.js';
import { type Io, paint, printable, writeLine } from './io.js';
import { liveLineOn } from './live-line.js';
import { JSON_FIELDS, wrapMessage } from './output.js';
import { readAcrossProfiles } from './profiles.js';
import {
  COMMAND_GROUPS,
  COMPLETION_COMMAND,
  CONDO,
  declarations,
  GLOBAL_FLAGS,
  HELP_COMMAND,
  VERSION_HELP,
} from './verbs/index.js';

/**
 * A top-level command named under a group (`condo report defaulters`, `condo payables batches`) is pointed to where
 * it is: commander suggests only the group's own commands.
 */
function pointedToTopLevel(message: string): string {
  const unknown = /^error: unknown command '([^']+)'\n$/.exec(message)?.[1];
  return unknown !== undefined && Object.hasOwn(COMMAND_GROUPS, unknown)
    ? `error: unknown command '${unknown}'\n(Did you mean condo ${unknown}?)\n`
    : message;
}

/** The placeholders of the help's usage lines and terms, in Portuguese (#53); English keeps commander's own. */
const PLACEHOLDERS_PT: Readonly<Record<string, string>> = {
  options: 'opções',
  command: 'comando',
  file: 'arquivo',
  files: 'arquivos',
  'dir-or-file': 'pasta-ou-arquivo',
  plan: 'plano',
  date: 'data',
  'YYYY-MM': 'MM/AAAA',
  month: 'mês',
  key: 'chave',
  format: 'formato',
  dir: 'pasta',
  code: 'código',
  supplier: 'fornecedor',
  account: 'conta',
  'account-or-file': 'conta-ou-arquivo',
  type: 'tipo',
  state: 'estado',
  name: 'nome',
  names: 'nomes',
  list: 'lista',
  seconds: 'segundos',
  port: 'porta',
  value: 'valor',
  text: 'texto',
  'seu-numero': 'seu-número',
  secret: 'segredo',
  return: 'retorno',
  remittance: 'remessa',
  profile: 'perfil',
  path: 'caminho',
  method: 'método',
  map: 'mapa',
  lang: 'idioma',
  group: 'grupo',
  fields: 'campos',
  agency: 'agência',
  unit: 'unidade',
  fee: 'honorário',
  address: 'endereço',
  target: 'alvo',
  // #66: the ones still English on a Portuguese page
  number: 'número',
  kind: 'tipo',
  'cpf-or-cnpj': 'cpf-ou-cnpj',
  period: 'período',
  words: 'palavras',
  where: 'onde',
  host: 'endereço',
  p: 'taxa',
  d: 'dias',
  nnn: 'nnn',
  slug: 'slug',
  shell: 'shell',
  'key=value': 'chave=valor',
  'count[/seconds]': 'quantidade[/segundos]',
  FILE: 'ARQUIVO',
};

function placeholders(term: string, t: Translate): string {
  if (t.lang === 'en') return term;
  return term.replace(
    /([<[])([A-Za-z][A-Za-z0-9-]*(?:=[a-z]+|\[\/[a-z]+\])?)((?:\.\.\.)?[>\]])/g,
    (whole, open: string, word: string, close: string) => {
      const pt = PLACEHOLDERS_PT[word];
      return pt ? `${open}${pt}${close}` : whole;
    },
  );
}

/**
 * The command tree, built from the verbs' declarations (declare.ts, verbs/). With `args` (the words after
 * `condo`), only the group of the command they name is declared, which is all a run needs; without them, or when
 * they name none (help, completion, a typo that deserves a suggestion), every group is. No handler module loads
 * until its verb runs.
 */
export async function buildProgram(
  io: Io,
  setExit: (code: number) => void,
  setJson: (json: boolean) => void = () => undefined,
  t: Translate = english,
  args?: readonly string[],
): Promise<Command> {
  const program = new Command('condo')
    .description(t(CONDO))
    .version(CLI_VERSION, '-v, --version', t(VERSION_HELP));
  for (const flag of GLOBAL_FLAGS) program.addOption(optionOf(flag, t));
  program
    .showSuggestionAfterError()
    // a verb's --help is its own page (#72): the global flags are named in one line after it, and listed by
    // `condo help globals`, not repeated on every page; headings in the person's language
    .configureHelp({
      showGlobalOptions: false,
      styleTitle: (title) => t(title),
      // commander's placeholders in the usage line, in the person's language like the rest of the page
      styleUsage: (usage) => placeholders(usage, t),
      // and in a group's list of its verbs (#53: "import [options] <files...>" on a Portuguese page), a flag's
      // value and an argument (`--profile <nome>`, `<arquivos...>`)
      styleSubcommandTerm: (term) => placeholders(term, t),
      styleOptionTerm: (term) => placeholders(term, t),
      styleArgumentTerm: (term) => placeholders(term, t),
      // commander's own "(default: …)" after a flag's help, in the page's language (#66)
      styleOptionDescription: (text) =>
        t.lang === 'pt-BR'
          ? text.replace(/\((default|choices): /g, (_, w) => `(${w === 'default' ? 'padrão' : 'opções'}: `)
          : text,
    })
    .helpOption('-h, --help', t({ en: 'display help for command', pt: 'mostra a ajuda do comando' }))
    .helpCommand(false)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // commander's usage errors, in the person's language like condo's own
      outputError: (s, write) => write(paint(io, 'red', t(pointedToTopLevel(s)))),
    });

  const run =
    (verb: VerbDecl, path: string) =>
    async (...actionArgs: unknown[]): Promise<void> => {
      const cmd = actionArgs[actionArgs.length - 1] as Command;
      const globals = cmd.optsWithGlobals() as GlobalOptions;
      setJson(Boolean(globals.json || globals.jsonFields) || globals.output === 'json');
      const { page, ...rest } = io;
      const deps = createDeps(
        {
          ...rest,
          color: io.color && globals.color !== false,
          ...(page && globals.pager !== false ? { page } : {}),
        },
        globals,
        t,
        {},
        main,
      );
      const input = { args: cmd.processedArgs, opts: cmd.opts() };
      try {
        if (acrossProfiles(globals)) {
          if (verb.across === 'read') {
            setExit(await readAcrossProfiles(deps, (child) => verb.run(child, input)));
            return;
          }
          if (verb.across === 'firm') {
            setExit((await verb.run(deps, input)) ?? ExitCode.ok);
            return;
          }
          if (typeof verb.across === 'object') {
            const { importFiles } = await import('./commands/import.js');
            setExit(await importFiles(deps, cmd.args, { only: verb.across.files, statement: cmd.opts() }));
            return;
          }
          if (verb.across !== 'files') {
            const across = [...verbsOf(await declarations())].filter(([, v]) => v.across).map(([p]) => p);
            // a setting for every profile is the firm's (#52)
            if (path.startsWith('config '))
              throw new UsageError({
                en: `--profiles/--all-profiles: "condo ${path}" changes one profile; for every profile, the firm's setting: condo ${path} --firm KEY…`,
                pt: `--profiles/--all-profiles: "condo ${path}" muda um perfil; para todos, a configuração da administradora: condo ${path} --firm CHAVE…`,
              });
            throw new UsageError({
              en: `--profiles/--all-profiles: "condo ${path}" runs on one condominium; they apply to ${across.join(', ')}`,
              pt: `--profiles/--all-profiles: "condo ${path}" roda em um condomínio só; elas valem para ${across.join(', ')}`,
            });
          }
        }
        const code = (await verb.run(deps, input)) ?? ExitCode.ok;
        setExit(code);
        // after a write, where it went (the question before it named it too): a person with many profiles checks.
        // Files routed across the profiles name each one's condominium themselves: one line naming the current
        // profile's would say they all went there
        if (
          (code === ExitCode.ok || deps.needsAttention) &&
          verb.writes &&
          !acrossProfiles(globals) &&
          !cmd.opts().dryRun &&
          !deps.nothingWritten &&
          deps.format !== 'json'
        ) {
          const target = await deps.target();
          deps.info({ en: `written to ${target}`, pt: `gravado em ${target}` }, true);
        }
      } finally {
        await deps.close();
      }
    };

  /** `words`: the command words the run names below `decl` (`list` under `payables`), for a group to declare its one */
  const add = (
    parent: Command,
    decl: CommandDecl,
    path: readonly string[],
    words: readonly string[] = [],
  ): void => {
    const here = [...path, wordOf(decl)];
    const cmd = parent
      .command(decl.name, decl.kind === 'verb' && decl.isDefault ? { isDefault: true } : {})
      .description(t(decl.summary));
    if (decl.kind === 'group') {
      // a group's own `help [command]`, described in the person's language
      cmd.helpCommand(
        'help [command]',
        t({ en: 'display help for command', pt: 'mostra a ajuda do comando' }),
      );
      for (const [sub, below] of declaredUnder(decl.commands, words)) add(cmd, sub, here, below);
      if (decl.examples) cmd.addHelpText('after', () => examplesText(decl.examples ?? [], t));
      cmd.addHelpText('after', `\n${t(GLOBALS_LINE)}`);
      return;
    }
    for (const fields of decl.fields ?? []) addFieldOptions(cmd, fields, t);
    for (const flag of decl.flags ?? []) cmd.addOption(optionOf(flag, t));
    if (decl.usage) cmd.usage(decl.usage);
    if (decl.after) cmd.addHelpText('after', `\n${t(decl.after)}`);
    // the examples are written when help is asked for, not on every run
    cmd.addHelpText('after', () => examplesText(decl.examples, t));
    cmd.addHelpText('after', `\n${t(GLOBALS_LINE)}`);
    cmd.action(run(decl, here.join(' ')));
  };
  const words = args ? commandWords(args) : [];
  const word = words[0];
  for (const decl of await declarations(word !== undefined && COMMAND_GROUPS[word] ? [word] : undefined))
    add(program, decl, [], decl.kind === 'group' && wordOf(decl) === word ? words.slice(1) : []);
  registerHelp(program, io, t);
  add(program, COMPLETION_COMMAND, []);
  return program;
}

/** The end of a verb's --help. */
/** The line under a verb's page that says where the global flags are (#72: they took 58% of the pages). */
const GLOBALS_LINE = {
  en: 'Global options (--profile, --json, -o, --lang, --quiet, --debug, …): condo help globals',
  pt: 'Opções globais (--profile, --json, -o, --lang, --quiet, --debug, …): condo help globals',
};

const examplesText = (examples: readonly Example[], t: Translate): string =>
  `\n${t({ en: 'Examples:', pt: 'Exemplos:' })}\n${examples.map((e) => exampleLines(e, t)).join('\n')}`;

/**
 * An example as help shows it. In English, as declared (the line a test and the docs quote). In another language its
 * comment (`cmd   # why`) is the one declared beside it, beside the command or on the line above where both would
 * pass 80 columns (a command is never broken: it is there to be copied).
 */
export function exampleLines(example: Example, t: Translate): string {
  const line = exampleLine(example);
  const m = /^(.*?)\s{2,}# (.*)$/.exec(line);
  if (!m || t.lang === 'en' || typeof example === 'string') return `  $ ${line}`;
  const [, command = ''] = m;
  const oneLine = `  $ ${command}   # ${example.pt}`;
  return oneLine.length <= 80 ? oneLine : `  # ${example.pt}\n  $ ${command}`;
}

/** A declared flag as commander's option, its help in the person's language. */
function optionOf(flag: FlagDecl, t: Translate): Option {
  const option = new Option(flag.flag, t(flag.help));
  if (flag.default !== undefined) option.default(flag.default);
  if (flag.repeat) option.argParser(collect);
  if (flag.hidden) option.hideHelp();
  return option;
}

/**
 * `condo help [COMMAND…]` as commander's, plus topics a man page would hold: exit codes, formats, environment,
 * cron (help-topics.ts). `condo help` alone lists the topics after the usual help.
 */
function registerHelp(program: Command, io: Io, t: Translate): void {
  program
    .command('help [words...]')
    .description(t(HELP_COMMAND.summary))
    .addHelpText('after', examplesText(HELP_COMMAND.examples, t))
    .action((words: string[] = []) => {
      // the global flags, once, as the root's page lists them
      if (words.join(' ') === 'globals') {
        const helper = program.createHelp();
        const options = helper.visibleOptions(program);
        const width = Math.max(...options.map((o) => helper.optionTerm(o).length));
        writeLine(
          io.stdout,
          t({ en: 'Global options: every command takes them', pt: 'Opções globais: todo comando as aceita' }),
        );
        for (const o of options)
          writeLine(
            io.stdout,
            wrapMessage(
              io,
              `  ${placeholders(helper.optionTerm(o), t).padEnd(width + 2)} ${helper.optionDescription(o)}`,
              io.stdout,
            ),
          );
        return;
      }
      const topic = HELP_TOPICS[words.join(' ')];
      if (topic) {
        // filled to the terminal's width (80 when piped), as a man page is
        const columns = io.stdout.isTTY ? (io.stdout.columns ?? 80) : 80;
        const text = (t.lang === 'pt-BR' && topic.pt?.text) || topic.text;
        writeLine(io.stdout, reflowTopic(text, Math.max(40, Math.min(columns, 100))));
        return;
      }
      let target: Command = program;
      for (const word of words) {
        const sub = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!sub)
          throw new UsageError({
            en: `help: no command or topic "${words.join(' ')}"; topics: globals, ${Object.keys(HELP_TOPICS).join(', ')}`,
            pt: `help: nenhum comando ou tópico "${words.join(' ')}"; tópicos: globals, ${Object.keys(HELP_TOPICS).join(', ')}`,
          });
        target = sub;
      }
      // a command's page as its --help shows it, examples included (helpInformation() leaves them out)
      if (target !== program) {
        target.outputHelp();
        return;
      }
      writeLine(io.stdout, target.helpInformation().trimEnd());
      writeLine(io.stdout, `\n${t({ en: 'Topics', pt: 'Tópicos' })} (condo help TOPIC):`);
      writeLine(
        io.stdout,
        `  ${'globals'.padEnd(12)} ${t({ en: 'the options every command takes', pt: 'as opções que todo comando aceita' })}`,
      );
      for (const [name, { summary, pt }] of Object.entries(HELP_TOPICS))
        writeLine(io.stdout, `  ${name.padEnd(12)} ${(t.lang === 'pt-BR' && pt?.summary) || summary}`);
    });
}

/** What a group declares: the one verb a run names (#73: ~1.5 ms a run), else all (its help, a typo's suggestion). */
function declaredUnder(
  commands: readonly CommandDecl[],
  words: readonly string[],
): Array<[CommandDecl, readonly string[]]> {
  const named = commands.filter((sub) => wordOf(sub) === words[0]);
  return named.length === 1 ? [[named[0] as CommandDecl, words.slice(1)]] : commands.map((sub) => [sub, []]);
}

/** The command words the arguments name (`payables list` in `--profile x payables list`): none a global flag takes. */
function commandWords(args: readonly string[]): string[] {
  // `--json a,b` is a word after --json that is not a command, which declares them all
  const takesValue = new Set(
    GLOBAL_FLAGS.filter((f) => f.flag.includes('<')).flatMap((f) =>
      f.flag.split(/[ ,]+/).filter((w) => w.startsWith('-')),
    ),
  );
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') break;
    if (!arg.startsWith('-')) words.push(arg);
    else if (takesValue.has(arg)) i++;
  }
  return words;
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

/** One stderr line for an error: message, API code and request id; the exit code comes from its class. */
export function reportError(
  io: Io,
  error: unknown,
  argv: readonly string[] = [],
  t: Translate = english,
): number {
  // a progress bar still drawn on the terminal (an upload the server refused) gives its line to the error, which
  // would land after it and wrap where the terminal wraps, and draws no more (its stream may still be read after)
  liveLineOn(io.stderr)?.stop();
  if (error instanceof CondoError) {
    // The server's refusal of what flags sent names the flags; `condo api` and --from-file sent API fields.
    const byFlags =
      error.status !== undefined && !argv.includes('api') && !argv.some((a) => a.startsWith('--from-file'));
    writeLine(
      io.stderr,
      paint(
        io,
        'red',
        // on a terminal broken at spaces, not mid-word by the terminal's own wrap; one line in a log
        wrapMessage(
          io,
          printable(
            `${t({ en: 'error:', pt: 'erro:' })} ${apiErrorText(t, error) ?? t(error.finding ?? error.text ?? withFields(error.message, error.fields, byFlags))}${errorTail(t, error)}`,
          ),
        ),
      ),
    );
    if (error.code === 'outcome_unknown' && error.idempotencyKey) {
      writeLine(
        io.stderr,
        `${t({
          en: 'The server may have done it. Run it again with the same key: it is done once, and you get its answer:',
          pt: 'O servidor pode tê-lo feito. Rode de novo com a mesma chave: ele é feito uma vez só, e você recebe a resposta:',
        })}\n  ${rerun(argv, error.idempotencyKey)}`,
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
  return ExitCode.failed;
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
      outcome: outcomeOf(exitCode),
    }),
  );
}

const HELP_FLAGS = new Set(['--help', '-h']);
const withoutHelp = (args: readonly string[]) => args.filter((a) => !HELP_FLAGS.has(a));

/**
 * `condo nosuchgroup --help` names a command that does not exist (#66): commander would print the root's help and
 * exit 0, as if the word were not there. True when a word before the help flag is no command of a group that takes
 * no arguments of its own; the run then parses without the help flag, and commander says "unknown command" with
 * the nearest one, exit 2.
 */
function unknownUnderHelp(program: Command, args: readonly string[]): boolean {
  if (!args.some((a) => HELP_FLAGS.has(a))) return false;
  let command = program;
  const valued = (word: string) =>
    [command, ...ancestors(command)].some((c) =>
      c.options.some((o) => (o.long === word || o.short === word) && (o.required || o.optional)),
    );
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (word.startsWith('-')) {
      if (!word.includes('=') && valued(word)) i++;
      continue;
    }
    if (command.commands.length === 0 || command.registeredArguments.length > 0) return false;
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) return true;
    command = next;
  }
  return false;
}

function ancestors(command: Command): Command[] {
  const list: Command[] = [];
  for (let c = command.parent; c; c = c.parent) list.push(c);
  return list;
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
    const table = completionTable(program, await declarations());
    for (const candidate of complete(table, words)) writeLine(io.stdout, candidate);
    return ExitCode.ok;
  }
  const args = jsonArgs(argv, commandNames(program));
  // Known for sure once a verb runs; before that (a usage error from commander), read off the arguments.
  json =
    args.includes('--json') ||
    args.includes('--json-fields') ||
    /(^| )(-o|--output)[ =]?json( |$)/.test(args.join(' '));
  try {
    await program.parseAsync(unknownUnderHelp(program, args) ? withoutHelp(args) : args, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
      if (error.code === 'commander.help') return ExitCode.ok;
      // commander already printed the message on stderr
      if (json) errorJson(io, new Error(error.message.replace(/^error: /, '')), ExitCode.refused);
      return ExitCode.refused;
    }
    const code = reportError(io, error, argv, t);
    if (json) errorJson(io, error, code);
    return code;
  }
}
