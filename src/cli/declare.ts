/**
 * A verb is one typed declaration (as wrangler's createCommand): its name and positional arguments, what it does
 * and each flag in both languages, its flags' completion values, its examples, whether it writes and whether it
 * runs across profiles, and its handler, loaded only when it runs. program.ts builds the commander tree from the
 * declarations; the help pages, the completion table, the across-profiles rules and the "written to" line read
 * them too, so nothing about a verb is written anywhere else.
 *
 * The declarations live in `verbs/<group>.ts` and import no handler module, so building the tree (for --help,
 * completion, a typo's suggestion) loads none.
 */

import type { FileKind } from '../app/file-kind.js';
import type { Text } from '../domain/text.js';
import type { FieldFlags, FlagsOf } from './body-fields.js';
import type { Deps } from './context.js';

export type { Text } from '../domain/text.js';

/** A flag: commander's flag string (`-y, --yes`, `--state <state>`, `--no-bills`) and its help. */
export interface FlagDecl<S extends string = string> {
  readonly flag: S;
  readonly help: Text;
  /** the value when the flag is not given (shown in --help as commander shows it) */
  readonly default?: string;
  /** the flag may be given again, each value collected into an array */
  readonly repeat?: true;
  /** the values the shell completes after it */
  readonly values?: readonly string[];
  /** not in --help nor completed (a form another flag is rewritten to) */
  readonly hidden?: true;
}

type Camel<T extends string> = T extends `${infer A}-${infer B}` ? `${A}${Capitalize<Camel<B>>}` : T;
type LongName<S extends string> = S extends `${string}--${infer Rest}`
  ? Rest extends `${infer Name} ${string}`
    ? Name
    : Rest
  : never;
/** The key commander gives the flag's value: `--due-from` → dueFrom, `--no-bills` → bills. */
type KeyOf<S extends string> = LongName<S> extends `no-${infer Name}` ? Camel<Name> : Camel<LongName<S>>;
type Negated<D extends FlagDecl> = LongName<D['flag']> extends `no-${string}` ? true : false;
/** Whether another flag sets the same key (`--pix-key <key>` beside `--no-pix-key`). */
type Paired<D extends FlagDecl, All extends FlagDecl> =
  KeyOf<D['flag']> extends KeyOf<Exclude<All, D>['flag']> ? true : false;
/** `--no-x` beside `--x <v>` only turns it off (false); alone it is a switch that is on unless given. */
type ValueOf<D extends FlagDecl, All extends FlagDecl> = D extends { repeat: true }
  ? string[]
  : Negated<D> extends true
    ? Paired<D, All> extends true
      ? false
      : boolean
    : D['flag'] extends `${string}<${string}>`
      ? string
      : boolean;
/** A flag with a default, or a lone `--no-x`, always has a value. */
type Always<D extends FlagDecl, All extends FlagDecl> = D extends { default: string }
  ? true
  : Negated<D> extends true
    ? Paired<D, All> extends true
      ? false
      : true
    : false;

/** The parsed options of a verb with these flags, inferred from the declaration (no cast where a verb reads them). */
export type OptsOf<F extends readonly FlagDecl[]> = {
  [D in F[number] as Always<D, F[number]> extends true ? never : KeyOf<D['flag']>]?: ValueOf<D, F[number]>;
} & {
  [D in F[number] as Always<D, F[number]> extends true ? KeyOf<D['flag']> : never]: ValueOf<D, F[number]>;
};

type Words<S extends string> = S extends `${infer Word} ${infer Rest}` ? [Word, ...Words<Rest>] : [S];
type ArgValues<W extends readonly string[]> = W extends [infer Word, ...infer Rest extends string[]]
  ? [
      Word extends `<${string}...>` | `[${string}...]`
        ? string[]
        : Word extends `<${string}>`
          ? string
          : Word extends `[${string}]`
            ? string | undefined
            : never,
      ...ArgValues<Rest>,
    ]
  : [];
/** The positional arguments of `show <id>` ([string]), `import <files...>` ([string[]]), `month [month]`. */
export type ArgsOf<N extends string> = N extends `${string} ${infer Args}` ? ArgValues<Words<Args>> : [];

/** Which of a request body's field sets a verb offers as flags (body-fields.ts), in order. */
type FieldsOpts<B extends readonly FieldFlags[]> = B extends readonly [
  infer First,
  ...infer Rest extends readonly FieldFlags[],
]
  ? FlagsOf<First> & FieldsOpts<Rest>
  : unknown;

/**
 * How a verb runs over `--profiles`/`--all-profiles`: a read once per profile, each file to its condominium's, or
 * `'firm'`: the verb runs the firm itself (a firm-wide write: it asks once, then writes each profile's part).
 */
export type AcrossProfiles = 'read' | 'files' | 'firm' | { readonly files: FileKind };

export type Handler<N extends string, F extends readonly FlagDecl[], B extends readonly FieldFlags[]> = (
  deps: Deps,
  input: { args: ArgsOf<N>; opts: OptsOf<F> & FieldsOpts<B> },
) => Promise<number | undefined>;

/** A verb as the program keeps it, its option types checked where it was declared (VerbSpec). */
export interface VerbDecl {
  readonly kind: 'verb';
  /** the verb and its arguments: `show <id>`, `import-return <files...>`, `month [month]` */
  readonly name: string;
  readonly summary: Text;
  /** request-body fields offered as flags, before the others */
  readonly fields?: readonly FieldFlags[];
  readonly flags?: readonly FlagDecl[];
  /** one to three real command lines, shown at the end of --help (a test runs each through the parser) */
  readonly examples: readonly Example[];
  /** more help after the flags */
  readonly after?: Text;
  /** the usage line, where commander's would mislead */
  readonly usage?: string;
  /** the verb its group runs when given none (`ledger entries` lists) */
  readonly isDefault?: true;
  /** the values the shell completes for the first argument */
  readonly argValues?: readonly string[];
  readonly across?: AcrossProfiles;
  /** it changes the server's data: says where when done */
  readonly writes?: true;
  readonly run: (
    deps: Deps,
    input: { args: unknown[]; opts: Record<string, unknown> },
  ) => Promise<number | undefined>;
}

/** What a verb's declaration says: a VerbDecl whose handler's arguments and options are typed from its strings. */
export type VerbSpec<N extends string, F extends readonly FlagDecl[], B extends readonly FieldFlags[]> = Omit<
  VerbDecl,
  'kind' | 'name' | 'fields' | 'flags' | 'run'
> & { readonly name: N; readonly fields?: B; readonly flags?: F; readonly run: Handler<N, F, B> };

/** A group of verbs (`payables`, `ledger entries`). */
export interface GroupDecl {
  readonly kind: 'group';
  readonly name: string;
  readonly summary: Text;
  readonly commands: readonly CommandDecl[];
  /** shown after the group's --help: the line a person copies (a crontab entry) */
  readonly examples?: readonly Example[];
}

/**
 * A command line as help shows it; one with a comment (`cmd   # why`) carries the comment's Portuguese beside it,
 * where it is declared (#66), the command being the same in both languages.
 */
export type Example = string | { readonly line: string; readonly pt: string };

/** An example's line as declared, its comment in English. */
export const exampleLine = (e: Example): string => (typeof e === 'string' ? e : e.line);

export type CommandDecl = VerbDecl | GroupDecl;

export function verb<
  const N extends string,
  const F extends readonly FlagDecl[] = [],
  const B extends readonly FieldFlags[] = [],
>(spec: VerbSpec<N, F, B>): VerbDecl {
  return { kind: 'verb', ...spec } as unknown as VerbDecl;
}

export function group(
  name: string,
  summary: Text,
  commands: readonly CommandDecl[],
  examples?: readonly Example[],
): GroupDecl {
  return { kind: 'group', name, summary, commands, ...(examples ? { examples } : {}) };
}

type Undeclared<O, W> = Exclude<keyof W, keyof O>;

/**
 * A verb's options as its handler takes them (`run: … handler(deps, declared(opts))`). A handler's options type
 * of optional fields takes any object, so a renamed or removed flag would leave a key the handler reads and
 * nothing sets: this is a type error when the handler's type has a key that no flag declares, or a value type
 * the flag does not give.
 */
export function declared<O extends object, W>(
  opts: O & Record<Undeclared<O, NoInfer<W>>, never> & (O extends NoInfer<W> ? unknown : NoInfer<W>),
): W {
  return opts as unknown as W;
}

/** The word a command is typed by: `show` of `show <id>`. */
export const wordOf = (decl: CommandDecl): string => decl.name.split(' ')[0] as string;

/** Every verb under a declaration, with its path (`ledger entries create`). */
export function* verbsOf(
  commands: readonly CommandDecl[],
  path: readonly string[] = [],
): Generator<[string, VerbDecl]> {
  for (const c of commands) {
    const here = [...path, wordOf(c)];
    if (c.kind === 'verb') yield [here.join(' '), c];
    else yield* verbsOf(c.commands, here);
  }
}
