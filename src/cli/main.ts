// The `condo` entry point: everything else is in program.ts so tests and the demo can build the program too.
import { ExitCode } from '../domain/errors.js';
import { systemIo, writeLine } from './io.js';
import { main, reportError } from './program.js';

const argv = process.argv.slice(2);
const io = systemIo(argv.includes('--no-color'));
// Ctrl-C ends a command with 130, unless a verb that runs until stopped (sandbox start, webhooks listen)
// handles SIGINT itself to shut down cleanly.
process.on('SIGINT', () => {
  if (process.listenerCount('SIGINT') > 1) return;
  writeLine(io.stderr, 'interrupted');
  process.exit(ExitCode.interrupted);
});
main(argv, io).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.exitCode = reportError(io, error);
  },
);
