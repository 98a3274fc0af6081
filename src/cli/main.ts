// The `condo` entry point: everything else is in program.ts so tests and the demo can build the program too.
import { ExitCode } from './exit-codes.js';
import { langArg, resolveLang } from './i18n.js';
import { systemIo, writeLine } from './io.js';
import { main, reportError } from './program.js';
import { installSignalHandlers } from './signals.js';

const argv = process.argv.slice(2);
// (`condo … | head`, the reader gone: bin/condo.js ends it quietly, whatever answers.)
const io = systemIo(argv.includes('--no-color'), argv.includes('--no-pager'));
installSignalHandlers((signal) => {
  // in the person's language, read off the arguments and the environment as main will (a --lang it refuses: English)
  let pt = false;
  try {
    pt = resolveLang(langArg(argv), io.env) === 'pt-BR';
  } catch {}
  writeLine(io.stderr, pt ? 'interrompido' : 'interrupted');
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
