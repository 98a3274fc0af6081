/**
 * What a command module and the program agree on: a verb gets its dependencies and the parsed command and returns
 * an exit code (or throws a CondoError); a module registers its verbs on the program, each run through the
 * program's runner (program.ts), which builds the dependencies and reports errors.
 */
import type { Command } from 'commander';
import type { Deps } from './context.js';

export type Verb = (deps: Deps, cmd: Command) => Promise<number | undefined>;
export type Runner = (verb: Verb) => (...args: unknown[]) => Promise<void>;
export type Register = (program: Command, run: Runner) => void;
