/**
 * Shell completion: `condo completion bash|zsh|fish|powershell` prints a small script that asks `condo __complete WORDS…`
 * for the candidates, so commands, flags and enum values are read off the verbs' declarations (nothing to regenerate
 * when a verb gains a flag).
 */
import type { Command, Option } from 'commander';
import { type CompletionCommand, type CompletionTable, SHELLS } from './completion-table.js';
import type { Deps } from './context.js';
import { type CommandDecl, verbsOf } from './declare.js';
import { enumFlag } from './flags.js';
import { COMPLETION_COMMAND, GLOBAL_FLAGS } from './verbs/index.js';

/** `condo completion SHELL` (verbs/index.ts). */
export async function printCompletionScript(deps: Deps, shell: string): Promise<number> {
  deps.io.stdout.write(completionScript(enumFlag('SHELL', shell, SHELLS)));
  return 0;
}

export function completionScript(shell: (typeof SHELLS)[number]): string {
  switch (shell) {
    case 'bash':
      return `# condo completion for bash: condo completion bash >> ~/.bashrc
_condo_complete() {
  local IFS=$'\\n'
  COMPREPLY=( $(condo __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) )
}
complete -o default -F _condo_complete condo
`;
    case 'zsh':
      return `#compdef condo
# condo completion for zsh: condo completion zsh > "\${fpath[1]}/_condo"
_condo() {
  local -a candidates
  candidates=("\${(@f)$(condo __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -a candidates
}
compdef _condo condo
`;
    case 'fish':
      return `# condo completion for fish: condo completion fish > ~/.config/fish/completions/condo.fish
complete -c condo -f -a '(condo __complete (commandline -opc)[2..-1] (commandline -ct))'
`;
    // Windows PowerShell 5.1 drops an empty argument on its way to a program, so the word being completed, when
    // still empty, is said with --word-empty instead of passed as ''.
    case 'powershell':
      return `# condo completion for PowerShell: condo completion powershell | Out-String | Invoke-Expression
# (to keep it: condo completion powershell >> $PROFILE)
Register-ArgumentCompleter -Native -CommandName condo, condo.cmd, condo.ps1 -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $words = @($commandAst.CommandElements |
    Where-Object { $_.Extent.StartOffset -lt $cursorPosition } |
    Select-Object -Skip 1 |
    ForEach-Object { $_.ToString() })
  $flag = @()
  if ($wordToComplete -eq '') { $flag = @('--word-empty') }
  condo __complete @flag @words 2>$null | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
`;
  }
}

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
      for (const f of Object.values(fields)) if (f.values) values[`${path} --${f.flag}`] = f.values;
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
