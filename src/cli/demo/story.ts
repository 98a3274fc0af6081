/**
 * How the demo tells its story (commands/demo.ts): a session that runs `condo ARGS` through the real CLI and shows
 * each step as the command a person would type, chapter and step headings, and what the chapters share.
 */
import { PassThrough, Readable } from 'node:stream';
import { ApiError } from '../../domain/errors.js';
import type { Text } from '../../domain/text.js';
import type { Deps } from '../context.js';
import { type Io, paint, shellWord, writeLine } from '../io.js';
import { wrapMessage } from '../output.js';

export type Json = Record<string, unknown>;

export interface Session {
  /** Runs `condo ARGS` and shows its output. Returns the exit code. */
  show(title: Text, args: string[], opts?: { stdin?: string; expectExit?: number }): Promise<number>;
  /** Runs `condo --json ARGS` quietly and returns the parsed data. */
  json<T = Json>(args: string[]): Promise<T>;
  /** Runs `condo ARGS` for what it does, not what it prints. */
  quiet(args: string[]): Promise<void>;
}

export function session(deps: Deps, env: NodeJS.ProcessEnv): Session {
  const { io } = deps;
  const run = (args: string[], target: Io): Promise<number> => deps.condo(args, target);
  return {
    async show(title, args, opts = {}) {
      heading(deps, '▸', title);
      writeLine(
        io.stdout,
        paint(
          io,
          'cyan',
          `  $ ${opts.stdin !== undefined ? 'echo "$SECRET" | ' : ''}condo ${args.map(shellWord).join(' ')}`,
        ),
      );
      // A person reads the demo: tables even when its output is piped, unless a step asks for a format.
      const shown = args.includes('-o') || args.includes('--json') ? args : ['-o', 'table', ...args];
      const code = await run(shown, {
        ...io,
        env,
        stdin: Readable.from(opts.stdin !== undefined ? [opts.stdin] : []),
      });
      const expected = opts.expectExit ?? 0;
      if (code !== expected)
        throw new ApiError({
          en: `demo step "${title.en}" exited ${code}, expected ${expected}`,
          pt: `o passo "${title.pt}" da demonstração terminou com ${code}, esperado ${expected}`,
        });
      if (expected !== 0)
        writeLine(
          io.stdout,
          paint(
            io,
            'dim',
            deps.t({ en: `  (exit ${code}, as expected)`, pt: `  (saída ${code}, como esperado)` }),
          ),
        );
      return code;
    },
    async json<T>(args: string[]) {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      // a step behind the scenes says nothing (a warning it gives would land before the heading that shows it);
      // what it said is shown only when it fails
      const err = new PassThrough();
      const said: Buffer[] = [];
      err.on('data', (c: Buffer) => said.push(c));
      const code = await run(['--json', '--quiet', ...args], {
        ...io,
        env,
        stdout: out,
        stderr: Object.assign(err, { isTTY: false }),
        stdin: Readable.from([]),
      });
      if (code !== 0) {
        io.stderr.write(Buffer.concat(said));
        throw new ApiError({
          en: `demo step "condo ${args.join(' ')}" exited ${code}`,
          pt: `o passo "condo ${args.join(' ')}" da demonstração terminou com ${code}`,
        });
      }
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
    },
    async quiet(args: string[]) {
      const sink = new PassThrough();
      sink.resume();
      const code = await run(['--quiet', ...args], {
        ...io,
        env,
        stdout: sink,
        stderr: sink,
        stdin: Readable.from([]),
      });
      if (code !== 0)
        throw new ApiError({
          en: `demo step "condo ${args.join(' ')}" exited ${code}`,
          pt: `o passo "condo ${args.join(' ')}" da demonstração terminou com ${code}`,
        });
    },
  };
}

export function chapter(deps: Deps, title: Text): void {
  heading(deps, '━━', title);
}

/** A blank line and a step's or chapter's title, broken at the terminal's width as messages are. */
export function heading(deps: Deps, mark: string, title: Text): void {
  writeLine(deps.io.stdout, '');
  writeLine(
    deps.io.stdout,
    paint(deps.io, 'bold', wrapMessage(deps.io, `${mark} ${deps.t(title)}`, deps.io.stdout)),
  );
}

/** A payable as the demo creates it: by supplier (or a payee name), in reais, with a forma and a due date. */
export interface PayableStep {
  supplier?: Json | undefined;
  payee?: string;
  account: Json | undefined;
  amount: string;
  method: string;
  due: string;
  document?: string;
  description: string;
}

/** What every chapter works with: the session against the demo's sandbox, its folder, and how it creates a payable. */
export interface Story {
  deps: Deps;
  io: Io;
  s: Session;
  root: string;
  createPayable: (title: Text, p: PayableStep) => Promise<number>;
}

/** The suppliers and accounts the first chapter chose, which the remittance run pays again. */
export interface Cast {
  supplier: (re: RegExp, has: (x: Json) => boolean) => Json | undefined;
  account: (re: RegExp) => Json | undefined;
  withBank: Json;
  elevator: Json;
}
