// The `condo` entry point: everything else is in program.ts so tests and the demo can build the program too.
import { ExitCode } from './exit-codes.js';
import { systemIo, writeLine } from './io.js';
import { main, reportError } from './program.js';
import { installSignalHandlers } from './signals.js';

const argv = process.argv.slice(2);
// (`condo … | head`, the reader gone: bin/condo.js ends it quietly, whatever answers.)
const io = systemIo(argv.includes('--no-color'));
installSignalHandlers((signal) => {
  writeLine(io.stderr, 'interrupted');
  process.exit(signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated);
});
main(argv, io).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.exitCode = reportError(io, error);
  },
);
