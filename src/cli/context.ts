import type { Client } from '../client/index.js';
import type { ResolvedCredentials } from '../config/credentials.js';
import type { ConfigStore } from '../config/store.js';
import { todayIn } from '../domain/dates.js';
import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import { english, type Translate } from './i18n.js';
import { canPrompt, type Io, paint, printable, writeLine } from './io.js';
import { liveLineOn } from './live-line.js';
import {
  JSON_FIELDS,
  OUTPUT_FORMATS,
  type Out,
  type OutputFormat,
  resolveFormat,
  wrapMessage,
} from './output.js';
import type { Prompter } from './prompter.js';

/**
 * A line already in the reader's language, or no one's (a file name, a server's own words, a finding said by its
 * code): what `info` and `warn` take besides a text declared in both languages.
 */
export type Said = string & { readonly said: true };
export const said = (line: string): Said => line as Said;

/** A use-case of `src/app` as `deps.app` runs it: its arguments after the client. */
export type BoundUseCase<F> = F extends (client: Client, ...args: infer A) => infer R
  ? (...args: A) => R
  : never;

/** The global options of docs/DESIGN.md "CLI conventions", parsed once by main. */
export interface GlobalOptions {
  profile?: string;
  /** `--profiles a,b,c`: a read verb over these profiles (profiles.ts) */
  profiles?: string;
  /** `--all-profiles`: a read verb over every profile; a file verb routes each file to its condominium's */
  allProfiles?: boolean;
  output?: string;
  json?: boolean;
  /** `--json a,b` (main turns it into this option, see jsonArgs). */
  jsonFields?: string;
  /** `--header`: a header row in tsv output too. */
  header?: boolean;
  input: boolean; // false with --no-input
  color: boolean; // false with --no-color
  pager?: boolean; // false with --no-pager
  debug?: boolean;
  quiet?: boolean;
  baseUrl?: string;
  requestId?: string;
  idempotencyKey?: string;
  /** `--lang pt-BR|en` (default from the locale) */
  lang?: string;
  /** `--excel`: csv in the dialect Excel in Portuguese opens */
  excel?: boolean;
}

/**
 * What a verb gets handed (gh's Factory): the terminal, the options, and lazy builders for the heavy parts, so a
 * verb that never calls the API never loads undici, the config lock or the prompts.
 */
export interface Deps extends Out {
  io: Io;
  /** condo itself, run in-process on other streams (the demo tells its story through it); the program gives it */
  condo: (args: string[], io: Io) => Promise<number>;
  globals: GlobalOptions;
  format: OutputFormat;
  jsonFields: readonly string[] | undefined;
  header: boolean;
  /** the person's language (i18n.ts): headers, labels, enum words, fixed messages */
  t: Translate;
  now: () => Date;
  today: () => string;
  config: () => Promise<ConfigStore>;
  credentials: () => Promise<ResolvedCredentials>;
  client: () => Promise<Client>;
  /**
   * A use-case of `src/app` run against this run's server, `deps.app(updateDebts, { asOf })`: the face hands the
   * product's decisions the client and never calls its resources itself (house.test.ts counts the calls that do).
   */
  app: <A extends unknown[], R>(
    useCase: (client: Client, ...args: A) => Promise<R> | R,
    ...args: A
  ) => Promise<R>;
  /** null when prompting is not allowed (no TTY, --no-input, CI). */
  prompter: () => Promise<Prompter | null>;
  /**
   * A progress or narration line on stderr, silenced by --quiet; `wrap` breaks it at spaces to a terminal's
   * width (a line naming a write's target, long by nature), so no word is split by the terminal's own wrap.
   */
  info: (line: Text | Said, wrap?: boolean) => void;
  warn: (line: Text | Said) => void;
  /** `--debug`: a trace line on stderr, dimmed (English, as the HTTP traces); undefined without the flag */
  debug: ((line: string) => void) | undefined;
  /**
   * Where a write goes, in words, with no call: `Residencial Jardim Botânico (residencial-jardim-botanico,
   * profile jardim, api.example.com)`; a sandbox profile's server is called a sandbox.
   */
  target: () => Promise<string>;
  /** `condo …` as a person pastes it: with `--profile NAME` when this run named one (or ran over many). */
  command: (line: string) => string;
  /** Set by a write verb that ended without writing (nothing matched its files): it names no target then. */
  nothingWritten?: boolean;
  /**
   * Set by a write verb whose exit 1 says only that something needs a person (`dda import`: a boleto changed, a
   * possible fake): what it wrote was written, so the run still names its target.
   */
  needsAttention?: boolean;
  /** Closes what the lazy builders opened (the keep-alive pool), so the process can exit. */
  close: () => Promise<void>;
}

/** What a run over many profiles sets on each profile's client. */
export interface ClientTuning {
  /** How long a refused connection is retried (firm-wide: a few seconds; see RetryPolicy.refusedBudgetMs). */
  refusedBudgetMs?: number;
}

export function createDeps(
  io: Io,
  globals: GlobalOptions,
  t: Translate = english,
  tuning: ClientTuning = {},
  condo: Deps['condo'] = () => Promise.reject(new Error('condo cannot run itself here')),
): Deps {
  if (globals.output && !(OUTPUT_FORMATS as readonly string[]).includes(globals.output)) {
    throw new UsageError({
      en: `--output is the output format, one of ${OUTPUT_FORMATS.join(', ')} (got "${globals.output}"; a file to write is --output-file FILE)`,
      pt: `--output é o formato de saída, um de ${OUTPUT_FORMATS.join(', ')} (recebido "${globals.output}"; um arquivo a gravar é --output-file ARQUIVO)`,
    });
  }
  if (globals.jsonFields !== undefined && !JSON_FIELDS.test(globals.jsonFields))
    throw new UsageError({
      en: `--json: "${globals.jsonFields}" is not a list of field names (e.g. --json public_id,amount)`,
      pt: `--json: "${globals.jsonFields}" não é uma lista de nomes de campos (p. ex. --json public_id,amount)`,
    });
  let config: Promise<ConfigStore> | undefined;
  let credentials: Promise<ResolvedCredentials> | undefined;
  let client: Promise<Client> | undefined;
  // a line in the person's language: written in both, or English the catalog says in Portuguese (i18n-pt.ts)
  const deps: Deps = {
    io,
    condo,
    globals,
    format: resolveFormat(globals.output, Boolean(globals.json || globals.jsonFields), io),
    jsonFields: globals.jsonFields?.split(','),
    header: Boolean(globals.header),
    t,
    excel: Boolean(globals.excel),
    now: () => new Date(io.clock?.now() ?? Date.now()),
    today: () => todayIn(deps.now()),
    config: () => {
      config ??= import('../config/store.js').then((m) => m.openConfigStore(io.env));
      return config;
    },
    credentials: () => {
      credentials ??= (async () => {
        const { resolveCredentials } = await import('../config/credentials.js');
        return resolveCredentials(globals, io.env, await deps.config());
      })();
      return credentials;
    },
    client: () => {
      client ??= (async () => {
        const creds = await deps.credentials();
        const store = await deps.config();
        const { createClient } = await import('../client/index.js');
        return createClient({
          baseUrl: creds.baseUrl,
          condominium: creds.condominium,
          clientId: creds.clientId,
          clientSecret: creds.clientSecret,
          ...(creds.scopes ? { scopes: creds.scopes } : {}),
          tokenCache: {
            get: (key) => store.token(key),
            set: (key, token) => store.saveToken(key, token),
            delete: (key) => store.deleteToken(key),
          },
          tokenCacheKey: creds.tokenCacheKey,
          ...(globals.requestId ? { requestId: globals.requestId } : {}),
          ...(globals.idempotencyKey ? { idempotencyKey: globals.idempotencyKey } : {}),
          ...(deps.debug ? { debug: deps.debug } : {}),
          ...(io.stderr.isTTY && !globals.quiet
            ? {
                onRateLimitWait: rateLimitNotice(io, deps.now, t),
                onRetry: retryNotice(io, t),
              }
            : {}),
          proxyEnv: io.env,
          ...(io.clock ? { clock: io.clock } : {}),
          userAgent: `condo-cli/${CLI_VERSION} node/${process.versions.node}`,
          ...retryPolicy(io.env, tuning),
          ...callTimeout(io.env),
        });
      })();
      return client;
    },
    app: async (useCase, ...args) => useCase(await deps.client(), ...args),
    prompter: async () => {
      if (!canPrompt(io, !globals.input)) return null;
      const { inquirerPrompter } = await import('./prompter.js');
      return inquirerPrompter(t);
    },
    debug: globals.debug ? (line) => writeLine(io.stderr, paint(io, 'dim', line)) : undefined,
    info: (line, wrap) => {
      if (globals.quiet) return;
      liveLineOn(io.stderr)?.clear();
      writeLine(io.stderr, wrap ? wrapMessage(io, printable(t(line))) : printable(t(line)));
    },
    warn: (line) => {
      liveLineOn(io.stderr)?.clear();
      writeLine(
        io.stderr,
        paint(io, 'yellow', wrapMessage(io, `${t({ en: 'warning:', pt: 'aviso:' })} ${printable(t(line))}`)),
      );
    },
    target: async () => {
      const creds = await deps.credentials();
      const profile = creds.profileName ? (await deps.config()).profile(creds.profileName) : undefined;
      return describeTarget({
        condominium: creds.condominium,
        name: profile?.condominium_name,
        profile: creds.profileName,
        baseUrl: creds.baseUrl,
        sandbox: profile?.sandbox === true,
        t,
      });
    },
    command: (line) =>
      globals.profile && line.startsWith('condo ') && !line.startsWith('condo --profile ')
        ? `condo --profile ${globals.profile} ${line.slice('condo '.length)}`
        : line,
    close: async () => {
      const opened = await client?.catch(() => undefined);
      await opened?.close();
    },
  };
  return deps;
}

/**
 * "the server is not reachable (ECONNREFUSED); retrying in 1 s" on a terminal, in the reader's language and on a
 * line of its own: a progress bar drawn there is cleared first (an upload retried wrote it after the bar's "kB").
 */
function retryNotice(io: Io, t: Translate): (ms: number, why: Text) => void {
  return (ms, why) => {
    const s = Math.max(1, Math.ceil(ms / 1000));
    liveLineOn(io.stderr)?.clear();
    writeLine(
      io.stderr,
      paint(
        io,
        'yellow',
        wrapMessage(
          io,
          t({ en: `${why.en}; retrying in ${s} s`, pt: `${why.pt}; nova tentativa em ${s} s` }),
        ),
      ),
    );
  };
}

/**
 * "waiting 22 s for the rate limit" on a terminal: once per wait, not once per call of a bulk run that all wait for
 * the same window; waits under a second pass unsaid.
 */
function rateLimitNotice(io: Io, now: () => Date, t: Translate): (ms: number) => void {
  let announcedUntil = 0;
  return (ms) => {
    const until = now().getTime() + ms;
    if (ms < 1000 || until <= announcedUntil + 1000) return;
    announcedUntil = until;
    const s = Math.ceil(ms / 1000);
    // a bulk run's bar shows the wait at its end, briefly, rather than a line through it
    const bar = liveLineOn(io.stderr);
    if (bar) bar.note(t({ en: `rate limit: ${s} s`, pt: `limite de requisições: ${s} s` }));
    else
      writeLine(
        io.stderr,
        paint(
          io,
          'yellow',
          t({ en: `waiting ${s} s for the rate limit`, pt: `aguardando ${s} s pelo limite de requisições` }),
        ),
      );
  };
}

/** A whole number of seconds from the environment, in ms; undefined when unset. */
function secondsFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text))
    throw new UsageError({
      en: `${name}: "${text}" is not a whole number of seconds`,
      pt: `${name}: "${text}" não é um número inteiro de segundos`,
    });
  return Number(text) * 1000;
}

/** CONDO_RETRY_BUDGET_SECONDS: how long a call keeps retrying what a moment may cure (default 30 s). */
function retryPolicy(
  env: NodeJS.ProcessEnv,
  tuning: ClientTuning,
): { retry?: { budgetMs?: number; refusedBudgetMs?: number } } {
  const budgetMs = secondsFromEnv(env, 'CONDO_RETRY_BUDGET_SECONDS');
  const retry = {
    ...(budgetMs === undefined ? {} : { budgetMs }),
    ...(tuning.refusedBudgetMs === undefined ? {} : { refusedBudgetMs: tuning.refusedBudgetMs }),
  };
  return Object.keys(retry).length === 0 ? {} : { retry };
}

/** CONDO_TIMEOUT_SECONDS: how long one call waits for the server (default 30 s; an upload adds 2 s per MiB). */
function callTimeout(env: NodeJS.ProcessEnv): { timeoutMs?: number } {
  const timeoutMs = secondsFromEnv(env, 'CONDO_TIMEOUT_SECONDS');
  return timeoutMs === undefined ? {} : { timeoutMs: Math.max(1000, timeoutMs) };
}

declare const __CONDO_VERSION__: string | undefined;
export const CLI_VERSION: string = typeof __CONDO_VERSION__ === 'string' ? __CONDO_VERSION__ : '0.0.0-dev';

/**
 * A write's target as a person checks it: the condominium's name where known, its slug, the profile and the
 * server (its host; "sandbox" and its host for a sandbox profile).
 */
export function describeTarget(where: {
  condominium: string;
  name?: string | undefined;
  profile?: string | undefined;
  baseUrl: string;
  sandbox?: boolean;
  /** the person's language: a target is said in lines and questions for a person */
  t?: Translate;
}): string {
  let host: string;
  try {
    host = new URL(where.baseUrl).host;
  } catch {
    host = where.baseUrl;
  }
  const parts = [
    where.condominium,
    ...(where.profile ? [`${(where.t ?? english)('profile')} ${where.profile}`] : []),
    where.sandbox ? `sandbox ${host}` : host,
  ];
  return `${where.name ? `${where.name} ` : ''}(${parts.join(', ')})`;
}
