import { Writable } from 'node:stream';
import { firmTargets, type ProfileTarget, pooled, serverFate } from '../app/firm.js';
import { CondoError } from '../domain/errors.js';
import { ULID_PATTERN } from '../domain/ids.js';
import type { Text } from '../domain/text.js';
import { errorWords } from './api-errors.js';
import { createDeps, type Deps } from './context.js';
import { exitCodeOf } from './exit-codes.js';
import { type Io, paint, printable, writeLine } from './io.js';
import { type Column, printJson, printList, selectFields, wrapMessage } from './output.js';

/**
 * An accounting firm's question over every condominium it keeps (`--profiles a,b,c`, `--all-profiles`): the
 * same read verb once per profile, concurrently (each profile has its own client, so its own rate limit), and
 * one table with a CONDOMINIUM column, or JSON as one object per condominium with its rows. A profile that
 * fails (credentials, network) is one line on stderr and in the exit code; the others still answer.
 */

/**
 * How long one profile's server may refuse connections before it is reported as down: a refused connection on
 * loopback is known at once, and a firm's command must not wait 30 s for a sandbox stopped long ago.
 */
const REFUSED_BUDGET_MS = 3_000;

/** The profiles this run names (app/firm.ts), from the config. */
export async function selectedProfiles(deps: Deps): Promise<ProfileTarget[]> {
  return firmTargets(deps.globals, (await deps.config()).profiles());
}

/** A writable that keeps nothing: what a verb prints besides its rows is one condominium's, not the firm's. */
const discard = () =>
  new Writable({
    write: (_chunk, _encoding, done) => done(),
  });

/** stderr lines of one profile's run, each led by its name, so a line says whose it is. */
function prefixedStderr(io: Io, profile: string): Writable & { isTTY?: boolean } {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) io.stderr.write(`${profile}: ${line}\n`);
      done();
    },
    final(done) {
      if (pending) io.stderr.write(`${profile}: ${pending}\n`);
      done();
    },
  });
}

/**
 * The deps of one profile's run inside a run over many: the same options with `--profile NAME`, the parent's
 * config store (one file, one token cache), rows handed to `collect` instead of printed.
 */
export function profileDeps(
  parent: Deps,
  target: ProfileTarget,
  collect?: (rows: readonly unknown[], columns: Column<never>[]) => void,
  runTargets?: readonly ProfileTarget[],
): Deps {
  const io: Io = {
    ...parent.io,
    stdin: parent.io.stdin,
    stdout: collect ? discard() : parent.io.stdout,
    stderr: prefixedStderr(parent.io, target.profile),
  };
  const { profiles: _p, allProfiles: _a, ...globals } = parent.globals;
  const child = createDeps(
    io,
    { ...globals, profile: target.profile },
    parent.t,
    { refusedBudgetMs: REFUSED_BUDGET_MS },
    parent.condo,
  );
  return {
    ...child,
    format: collect ? 'tsv' : parent.format,
    config: parent.config,
    prompter: async () => null,
    ...(collect ? { collect } : {}),
    ...(runTargets ? { runTargets } : {}),
  };
}

/**
 * `work` on one profile of a firm's run, on its own deps (closed after): a server found down is not asked again
 * (its error is the answer), and a CondoError is the profile's answer, not the run's end.
 */
export async function onProfile<R>(
  parent: Deps,
  target: ProfileTarget,
  fate: ReturnType<typeof serverFate>,
  work: (child: Deps) => Promise<R>,
  extra: {
    collect?: (rows: readonly unknown[], columns: Column<never>[]) => void;
    runTargets?: readonly ProfileTarget[];
  } = {},
): Promise<{ value: R } | { error: CondoError }> {
  const down = fate.downOf(target.baseUrl);
  if (down) return { error: down };
  const child = profileDeps(parent, target, extra.collect, extra.runTargets);
  try {
    return { value: await work(child) };
  } catch (error) {
    if (!(error instanceof CondoError)) throw error;
    fate.note(target.baseUrl, error);
    return { error };
  } finally {
    await child.close();
  }
}

interface Answer {
  target: ProfileTarget;
  rows: readonly unknown[];
  columns: Column<never>[];
  error?: CondoError;
  exitCode: number;
}

/** A read verb over many profiles: one table (or JSON array), failures on stderr and in the exit code. */
export async function readAcrossProfiles(
  deps: Deps,
  verb: (deps: Deps) => Promise<number | undefined>,
): Promise<number> {
  const targets = await selectedProfiles(deps);
  const fate = serverFate();
  const answers = await pooled(targets, async (target): Promise<Answer> => {
    let rows: readonly unknown[] = [];
    let columns: Column<never>[] = [];
    const collect = (r: readonly unknown[], c: Column<never>[]) => {
      rows = [...rows, ...r];
      if (columns.length === 0) columns = c;
    };
    const ran = await onProfile(deps, target, fate, async (child) => (await verb(child)) ?? 0, {
      collect,
      runTargets: targets,
    });
    return 'error' in ran
      ? { target, rows: [], columns: [], error: ran.error, exitCode: exitCodeOf(ran.error) }
      : { target, rows, columns, exitCode: ran.value };
  });
  for (const a of answers.filter((x) => x.error)) {
    const e = a.error as CondoError;
    writeLine(
      deps.io.stderr,
      paint(
        deps.io,
        'red',
        // broken at spaces on a terminal: a firm's refusal names a file's whole path
        wrapMessage(
          deps.io,
          printable(
            `${deps.t({ en: 'error:', pt: 'erro:' })} ${a.target.profile}: ${errorWords(deps.t, e)}${e.code ? ` (${e.code})` : ''}`,
          ),
        ),
      ),
    );
  }
  if (deps.format === 'json') {
    printJson(
      { io: deps.io },
      answers.map((a) => ({
        condominium: a.target.condominium,
        profile: a.target.profile,
        ...(a.error
          ? { error: { code: a.error.code ?? null, message: a.error.message } }
          : { rows: deps.jsonFields ? selectFields(a.rows, deps.jsonFields) : a.rows }),
      })),
    );
  } else {
    const columns = answers.find((a) => a.columns.length > 0)?.columns ?? [];
    type Row = { condominium: string; row: never; totals?: Map<number, number> };
    const rows: Row[] = answers.flatMap((a) =>
      a.rows.map((row) => ({ condominium: a.target.condominium, row: row as never })),
    );
    // a firm's table on a terminal ends with its totals (#52), where the verb's columns say what adds up
    const totalRow: Row | undefined =
      deps.format === 'table' && columns.some((c) => c.sum) && rows.length > 1
        ? {
            condominium: 'TOTAL',
            row: undefined as never,
            totals: new Map(
              columns.flatMap((c, i) =>
                c.sum ? [[i, rows.reduce((n, r) => n + (Number(c.value(r.row)) || 0), 0)] as const] : [],
              ),
            ),
          }
        : undefined;
    // on a terminal too narrow for them whole, the shortest slug and id that still tell the rows apart, marked
    // as cut with … (a firm's 50 condominiums fit 80 columns); whole wherever they fit, in blocks and in scripts
    const short = deps.format === 'table';
    const slugsAt = short ? slugsNarrowedTo(rows.map((r) => r.condominium)) : undefined;
    const first = columns[0];
    const firstValues = first ? rows.map((r) => String(first.value(r.row) ?? '')) : [];
    // only public ids are cut to their ends: a first column of amounts (report month) or units (defaulters)
    // cut that way showed 608037 for R$ 26.080,37 and "- 601" for "Bloco B - 601"
    const ids =
      short && firstValues.length > 0 && firstValues.every((v) => ULID_PATTERN.test(v))
        ? shortestSuffixes(firstValues)
        : undefined;
    const merged: Column<Row>[] = [
      {
        header: { en: 'CONDOMINIUM', pt: 'CONDOMÍNIO' },
        value: (r) => (r.totals ? deps.t('TOTAL') : r.condominium),
        ...(slugsAt
          ? {
              narrowTo: (r: Row, width: number) =>
                r.totals ? deps.t('TOTAL') : (slugsAt(width).get(r.condominium) ?? r.condominium),
            }
          : {}),
      },
      // the verb's first column (its ids) is never narrowed further, as it would not be in its own table
      ...columns.map(({ style, narrow, narrowTo: _, ...c }, i) => {
        const shortId = i === 0 ? ids : undefined;
        const cell = (r: Row) => (r.totals ? (r.totals.get(i) ?? '') : c.value(r.row));
        const narrowed: ((r: Row) => unknown) | undefined = shortId
          ? (r) => (r.totals ? '' : `…${shortId.get(String(c.value(r.row) ?? '')) ?? ''}`)
          : narrow
            ? (r) => (r.totals ? cell(r) : narrow(r.row))
            : undefined;
        return {
          ...c,
          ...(i === 0 ? { fixed: true } : {}),
          value: cell,
          ...(style ? { style: (r: Row) => (r.totals ? undefined : style(r.row)) } : {}),
          ...(narrowed ? { narrow: narrowed } : {}),
        };
      }),
    ];
    if (columns.length > 0 || deps.format !== 'table')
      await printList(deps, totalRow ? [...rows, totalRow] : rows, merged);
    else if (answers.every((a) => !a.error))
      writeLine(deps.io.stderr, paint(deps.io, 'dim', deps.t({ en: 'No records.', pt: 'Nenhum registro.' })));
  }
  const failed = answers.filter((a) => a.error).length;
  if (failed > 0) deps.info(condominiumsAnswered(answers.length - failed, answers.length, failed));
  return Math.max(0, ...answers.map((a) => a.exitCode));
}

/**
 * A firm's slugs narrowed to `width` columns (#66), each still told apart from the others of the run: whole where it
 * fits; else its end, whole words first, after a … (`…jardim-botanico`: the start `residencial-` is what the firm's
 * slugs share, the end what tells them apart); where two ends are the same (`residencial-bela-vista`,
 * `edificio-bela-vista`), as much of each start as the width leaves (`res…bela-vista`). Memoized by width: a table
 * tries several.
 */
export function slugsNarrowedTo(slugs: readonly string[]): (width: number) => Map<string, string> {
  const unique = [...new Set(slugs)];
  const memo = new Map<number, Map<string, string>>();
  return (width) => {
    let out = memo.get(width);
    if (!out) {
      out = narrowSlugs(unique, width);
      memo.set(width, out);
    }
    return out;
  };
}

function narrowSlugs(unique: readonly string[], width: number): Map<string, string> {
  // the first word left out (`residencial-`, `edificio-`: what the firm's slugs share); a name that needs more
  // cut keeps whole words where they leave at most 3 columns unused, else as many of its last characters as fit
  // (`…rante-do-vale`, not `…do-vale`: the word that tells it apart is the one a word-cut would lose)
  const end = (slug: string) => {
    if (slug.length <= width) return slug;
    const words = slug.split('-');
    for (let k = 1; k < words.length; k++) {
      const tail = words.slice(k).join('-');
      if (tail.length + 1 <= width)
        return k === 1 || width - 1 - tail.length <= 3 ? `…${tail}` : filled(slug);
    }
    return filled(slug);
  };
  const filled = (slug: string) => `…${slug.slice(slug.length - (width - 1))}`;
  const out = new Map(unique.map((s) => [s, end(s)]));
  const startAndEnd = (s: string, a: number) => `${s.slice(0, a)}…${s.slice(s.length - (width - 1 - a))}`;
  // the slugs shown alike are told apart by their starts: as few characters of each as makes them all differ
  for (const shown of new Set(out.values())) {
    const alike = unique.filter((s) => out.get(s) === shown);
    if (alike.length < 2) continue;
    // first the start that fills the width before the words of the end (`resid…bela-vista`), then any cut
    const wordEnd = shown.startsWith('…') ? [...shown].length - 1 : 0;
    const starts = [width - 1 - wordEnd, ...Array.from({ length: Math.max(0, width - 3) }, (_, k) => k + 1)];
    for (const a of starts.filter((n) => n >= 1)) {
      const tried = alike.map((s) => startAndEnd(s, a));
      if (new Set(tried).size === alike.length && tried.every((t) => ![...out.values()].includes(t))) {
        for (const [i, s] of alike.entries()) out.set(s, tried[i] as string);
        break;
      }
    }
  }
  return out;
}

/**
 * The shortest common length (at least `min`) at which the ids' ends are all different: ids made in the same
 * millisecond share their start, so the end tells them apart, and `payables show` takes a unique end.
 */
export function shortestSuffixes(ids: readonly string[], min = 6): Map<string, string> {
  const unique = [...new Set(ids)];
  const longest = Math.max(0, ...unique.map((i) => i.length));
  let n = Math.min(min, longest);
  while (n < longest && new Set(unique.map((i) => i.slice(-n))).size < unique.length) n++;
  return new Map(unique.map((i) => [i, i.slice(-n)]));
}

/** "1 of 2 condominiums answered; 1 failed (above)": the Portuguese verb agrees with its count. */
export function condominiumsAnswered(answered: number, of: number, failed: number): Text {
  return {
    en: `${answered} of ${of} condominiums answered; ${failed} failed (above)`,
    pt: `${answered} de ${of} condomínios ${answered === 1 ? 'respondeu' : 'responderam'}; ${failed} ${failed === 1 ? 'falhou' : 'falharam'} (acima)`,
  };
}
