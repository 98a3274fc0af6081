/**
 * Shell completion: `condo completion bash|zsh|fish|powershell` prints a small script that asks `condo __complete WORDS…`
 * for the candidates, so commands, flags and enum values are read off the one command tree (nothing to regenerate
 * when a verb gains a flag).
 */
import type { Command, Option } from 'commander';
import { BILLING_TYPES, INVOICE_FILTER_STATES } from '../domain/invoices.js';
import { CHART_ACCOUNT_STATES, ENTRY_TYPES, STATEMENT_FORMATS } from '../domain/ledger.js';
import { FORMAS_PAGAMENTO, PAYABLE_STATES } from '../domain/payables.js';
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

const visible = (c: Command) => !(c as unknown as { _hidden?: boolean })._hidden;
const takesValue = (o: Option) => o.required || o.optional;

/** The candidates for the last word, given the words before it (as typed after `condo`). */
export function complete(program: Command, words: readonly string[]): string[] {
  const current = words.at(-1) ?? '';
  let cmd = program;
  const path: string[] = [];
  const options = () => [...cmd.options, ...ancestors(cmd).flatMap((c) => c.options)];
  let expecting: Option | undefined;
  for (const word of words.slice(0, -1)) {
    if (expecting) {
      expecting = undefined;
      continue;
    }
    if (word.startsWith('-')) {
      const option = options().find((o) => o.long === word.split('=')[0] || o.short === word);
      if (option && takesValue(option) && !word.includes('=')) expecting = option;
      continue;
    }
    const sub = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub) {
      cmd = sub;
      path.push(sub.name());
    } else if (path.length === 0 && word === 'help') path.push('help');
  }
  let candidates: readonly string[];
  if (expecting?.long) {
    candidates = VALUES[`${path.join(' ')} ${expecting.long}`] ?? VALUES[expecting.long] ?? [];
  } else if (current.startsWith('-')) {
    candidates = options()
      .filter((o) => !o.hidden && o.long)
      .map((o) => o.long as string);
  } else if (cmd.commands.length > 0) {
    candidates = cmd.commands.filter(visible).map((c) => c.name());
  } else {
    candidates = VALUES[path.join(' ')] ?? [];
  }
  return [...new Set(candidates)].filter((c) => c.startsWith(current)).sort();
}

function ancestors(cmd: Command): Command[] {
  const out: Command[] = [];
  for (let c = cmd.parent; c; c = c.parent) out.push(c);
  return out;
}
