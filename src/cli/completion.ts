/**
 * Shell completion: `condo completion bash|zsh|fish|powershell` prints a small script that asks `condo __complete WORDS…`
 * for the candidates, so commands, flags and enum values are read off the one command tree (nothing to regenerate
 * when a verb gains a flag).
 */
import type { Command, Option } from 'commander';
import { BILLING_TYPES, INVOICE_FILTER_STATES } from '../domain/invoices.js';
import { CHART_ACCOUNT_STATES, ENTRY_TYPES, STATEMENT_FORMATS } from '../domain/ledger.js';
import { FORMAS_PAGAMENTO, PAYABLE_STATES } from '../domain/payables.js';
import type { CompletionCommand, CompletionTable } from './completion-table.js';
import { LANGUAGES } from './i18n.js';
import { OUTPUT_FORMATS } from './output.js';

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

/** A flag's values, by `command path flag` or by the flag alone (the same everywhere). */
const VALUES: Readonly<Record<string, readonly string[]>> = {
  '--output': OUTPUT_FORMATS,
  '--lang': LANGUAGES,
  'payables list --state': PAYABLE_STATES,
  '--method': FORMAS_PAGAMENTO,
  'invoices list --state': INVOICE_FILTER_STATES,
  '--billing-type': BILLING_TYPES,
  'ledger chart --type': ENTRY_TYPES,
  'ledger entries list --type': ENTRY_TYPES,
  'ledger entries create --type': ENTRY_TYPES,
  'ledger chart --state': CHART_ACCOUNT_STATES,
  'report paid --by': ['supplier', 'chart-account'],
  '--account-type': ['checking', 'savings'],
  '--format': [...STATEMENT_FORMATS],
  completion: SHELLS,
};

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

export function completionTable(program: Command): CompletionTable {
  const commands: Record<string, CompletionCommand> = {};
  const visit = (cmd: Command, path: readonly string[]) => {
    commands[path.join(' ')] = {
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
  return { commands, values: VALUES };
}
