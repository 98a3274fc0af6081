/**
 * The script `condo completion bash|zsh|fish|powershell` prints: it asks `condo __complete WORDS…` for the
 * candidates (completion.ts answers), so a verb that gains a flag needs no new script.
 */
import { SHELLS } from './completion-table.js';
import type { Deps } from './context.js';
import { enumFlag } from './flags.js';

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
