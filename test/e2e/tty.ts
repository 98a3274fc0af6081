import { spawn } from 'node:child_process';
import { CONDO_BIN, type Condo } from './harness.js';

/**
 * The CLI on a terminal: `script` gives it a pseudo-terminal (stdin, stdout and stderr all on it, as in a shell),
 * and each answer is typed when its question shows, as a person would.
 */

export interface TtyRun {
  exitCode: number;
  output: string;
}

export function runOnTerminal(
  condo: Condo,
  args: string[],
  answers: [RegExp, string][] = [],
  env: NodeJS.ProcessEnv = {},
  size: { cols: number; rows: number } = { cols: 120, rows: 40 },
): Promise<TtyRun> {
  const command = [process.execPath, CONDO_BIN, ...args]
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(' ');
  return new Promise((resolve, reject) => {
    const { NO_COLOR: _noColor, CI: _ci, ...base } = condo.env;
    // A terminal of a usual size: prompts size their lists from it.
    const child = spawn(
      'script',
      ['-qefc', `stty rows ${size.rows} cols ${size.cols}; ${command}`, '/dev/null'],
      {
        // a long list would go to `less` (pager.test.ts runs the pager itself): here it stays on the terminal
        env: { ...base, TERM: 'xterm', CONDO_PAGER: 'cat', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let next = 0;
    let from = 0; // where the output after the last answer starts
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    // decoded as a stream: a Portuguese letter's two bytes may come in two chunks
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      output += d;
      const answer = answers[next];
      if (answer?.[0].test(output.slice(from))) {
        next++;
        from = output.length;
        // an answer ending in NUL is typed, then Enter a moment later, as a person's is: a list filtered by what
        // is typed (#66) shows its matches before Enter takes the first
        const typed = answer[1].endsWith('\u0000') ? answer[1].slice(0, -1) : undefined;
        if (typed === undefined) setTimeout(() => child.stdin.write(`${answer[1]}\r`), 200);
        else {
          setTimeout(() => child.stdin.write(typed), 200);
          setTimeout(() => child.stdin.write('\r'), 900);
        }
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? -1, output });
    });
  });
}
