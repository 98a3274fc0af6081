/**
 * Completion over a table of the commands and their flags (completion.ts reads it off the command tree): plain
 * data, so that the bin can answer a TAB press from the table the build wrote, without commander (static-help.ts).
 */

/** The shells `condo completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

/** One command of the completion table: its subcommands (names, aliases, shown or not) and its own flags. */
export interface CompletionCommand {
  subcommands: { name: string; aliases: string[]; hidden: boolean }[];
  flags: { long: string | null; short: string | null; takesValue: boolean; hidden: boolean }[];
}

/**
 * What completion reads: every command by its path after `condo` (`''` for condo itself) and the flags' values.
 * Read off the command tree at build time into `dist/help/completion.json`, so that a TAB press loads neither
 * commander nor any verb (static-help.ts); `condo __complete` without the file reads it off the tree.
 */
export interface CompletionTable {
  commands: Record<string, CompletionCommand>;
  values: Readonly<Record<string, readonly string[]>>;
}

/** The candidates for the last word, given the words before it (as typed after `condo`). */
export function complete(table: CompletionTable, words: readonly string[]): string[] {
  const current = words.at(-1) ?? '';
  const path: string[] = [];
  const none: CompletionCommand = { subcommands: [], flags: [] };
  const at = (p: readonly string[]) => table.commands[p.join(' ')] ?? none;
  const here = () => at(path);
  // the command's own flags, then those of each command above it, nearest first (as commander finds them)
  const flags = () =>
    path
      .map((_, i) => at(path.slice(0, path.length - 1 - i)))
      .reduce((all, c) => all.concat(c.flags), here().flags);
  let expecting: CompletionCommand['flags'][number] | undefined;
  for (const word of words.slice(0, -1)) {
    if (expecting) {
      expecting = undefined;
      continue;
    }
    if (word.startsWith('-')) {
      const flag = flags().find((f) => f.long === word.split('=')[0] || f.short === word);
      if (flag?.takesValue && !word.includes('=')) expecting = flag;
      continue;
    }
    const sub = here().subcommands.find((c) => c.name === word || c.aliases.includes(word));
    if (sub) path.push(sub.name);
    else if (path.length === 0 && word === 'help') path.push('help');
  }
  let candidates: readonly string[];
  if (expecting?.long) {
    candidates = table.values[`${path.join(' ')} ${expecting.long}`] ?? table.values[expecting.long] ?? [];
  } else if (current.startsWith('-')) {
    candidates = flags()
      .filter((f) => !f.hidden && f.long)
      .map((f) => f.long as string);
  } else if (here().subcommands.length > 0) {
    candidates = here()
      .subcommands.filter((c) => !c.hidden)
      .map((c) => c.name);
  } else {
    candidates = table.values[path.join(' ')] ?? [];
  }
  return [...new Set(candidates)].filter((c) => c.startsWith(current)).sort();
}
