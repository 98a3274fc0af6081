/**
 * Shell completion's answers: `condo __complete WORDS…` (asked by the script completion-script.ts prints) reads
 * commands, flags and enum values off the verbs' declarations, so nothing is regenerated when a verb gains a flag.
 */
import type { Command, Option } from 'commander';
import { offered } from './body-fields.js';
import type { CompletionCommand, CompletionTable } from './completion-table.js';
import { type CommandDecl, verbsOf } from './declare.js';
import { COMPLETION_COMMAND, GLOBAL_FLAGS } from './verbs/index.js';

/**
 * The values the shell completes, as the declarations give them: after a flag, by `command path flag` (a global
 * flag's by the flag alone), and for a verb's first argument, by its path.
 */
function completionValues(commands: readonly CommandDecl[]): Record<string, readonly string[]> {
  const values: Record<string, readonly string[]> = {};
  for (const flag of GLOBAL_FLAGS) if ('values' in flag) values[longOf(flag.flag)] = flag.values;
  for (const [path, verb] of verbsOf([...commands, COMPLETION_COMMAND])) {
    if (verb.argValues) values[path] = verb.argValues;
    for (const fields of verb.fields ?? [])
      for (const [, f] of offered(fields)) if (f.values) values[`${path} --${f.flag}`] = f.values;
    for (const flag of verb.flags ?? [])
      if (flag.values) values[`${path} ${longOf(flag.flag)}`] = flag.values;
  }
  return values;
}

const longOf = (flag: string): string => /--[\w-]+/.exec(flag)?.[0] ?? flag;

/** The completion table of the command tree built from these declarations (verbs/index.ts `declarations()`). */
export function completionTable(program: Command, commands: readonly CommandDecl[]): CompletionTable {
  const table: Record<string, CompletionCommand> = {};
  const visit = (cmd: Command, path: readonly string[]) => {
    table[path.join(' ')] = {
      subcommands: cmd.commands.map((c) => ({
        name: c.name(),
        aliases: c.aliases(),
        hidden: Boolean((c as unknown as { _hidden?: boolean })._hidden),
      })),
      flags: cmd.options.map((o: Option) => ({
        long: o.long ?? null,
        short: o.short ?? null,
        takesValue: Boolean(o.required || o.optional),
        hidden: o.hidden,
      })),
    };
    for (const sub of cmd.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return { commands: table, values: completionValues(commands) };
}
