/**
 * `condo indexes …` (#69 point 2): the indexes the server names, an index's months and where each came from, and an
 * official table imported (app/index-tables.ts decides).
 */
import {
  type IndexMonthRow,
  importedTables,
  importIndexTable,
  indexMonths,
  monetaryIndexesList,
  servedTables,
  tablesOver,
} from '../../app/index-tables.js';
import type { MonetaryIndex } from '../../client/index.js';
import { formatMonthBr, monthOf } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import { SERIES_CODES, type SeriesCode } from '../../domain/index-series.js';
import { type Deps, said } from '../context.js';
import { enumFlag, monthFlag } from '../flags.js';
import { printJson, printList } from '../output.js';
import { configDirOf } from '../tables-at-hand.js';

export async function listIndexes(deps: Deps): Promise<number> {
  const rows = [...(await deps.app(monetaryIndexesList))];
  await printList<MonetaryIndex>(deps, rows, [
    { header: { en: 'CODE', pt: 'CÓDIGO' }, value: (r) => r.code },
    { header: { en: 'NAME', pt: 'NOME' }, value: (r) => r.name },
    { header: { en: 'SOURCE', pt: 'ORIGEM' }, value: (r) => r.source, words: true },
    { header: { en: 'PERIODICITY', pt: 'PERIODICIDADE' }, value: (r) => r.periodicity },
  ]);
  return 0;
}

const codeArg = (code: string): SeriesCode => enumFlag('CODE', code.toUpperCase(), SERIES_CODES);

export async function showIndex(
  deps: Deps,
  code: string,
  opts: { from?: string | undefined; to?: string | undefined },
): Promise<number> {
  const index = codeArg(code);
  const to = opts.to ? monthFlag('--to', opts.to) : monthOf(deps.today());
  const from = opts.from ? monthFlag('--from', opts.from) : `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
  if (to < from)
    throw new UsageError({
      en: `--to ${formatMonthBr(to)} is before --from ${formatMonthBr(from)}`,
      pt: `--to ${formatMonthBr(to)} é antes de --from ${formatMonthBr(from)}`,
    });
  const imported = await importedTables(await configDirOf(deps));
  let shown = indexMonths(tablesOver(imported), index, from, to);
  // months no local table has: the server's, where a profile names one
  if (shown.rows.some((r) => r.value === null)) {
    const creds = await deps.credentials().catch(() => undefined);
    if (creds?.profileName) {
      const served = await deps.app(servedTables, [index], { from, to });
      shown = indexMonths(tablesOver(imported, served), index, from, to);
    }
  }
  if (deps.format === 'json') {
    printJson(deps, { code: index, kind: shown.kind, months: shown.rows });
    return 0;
  }
  const factors = shown.kind === 'factors';
  // on a terminal each table is a number, named once under the list; a script reads each row's source whole
  const sources = [...new Set(shown.rows.flatMap((r) => (r.source === null ? [] : [r.source])))];
  const person = deps.format === 'table';
  await printList<IndexMonthRow>(deps, shown.rows, [
    { header: { en: 'MONTH', pt: 'MÊS' }, value: (r) => formatMonthBr(r.month) },
    {
      header: factors ? { en: 'FACTOR', pt: 'FATOR' } : { en: 'CHANGE %', pt: 'VARIAÇÃO %' },
      value: (r) => r.value ?? '—',
    },
    { header: { en: 'ACCUMULATED', pt: 'ACUMULADO' }, value: (r) => r.accumulated ?? '—' },
    {
      header: { en: 'SOURCE', pt: 'FONTE' },
      value: (r) =>
        r.source === null
          ? deps.t({ en: 'no table has it', pt: 'nenhuma tabela tem' })
          : person
            ? `[${sources.indexOf(r.source) + 1}]${r.made_up ? deps.t({ en: ' made up', pt: ' inventado' }) : ''}`
            : r.source,
      wrap: 'cell',
    },
  ]);
  if (person) for (const [i, source] of sources.entries()) deps.info(said(`[${i + 1}] ${source}`), true);
  const missing = shown.rows.filter((r) => r.value === null).map((r) => formatMonthBr(r.month));
  const madeUp = shown.rows.filter((r) => r.made_up).map((r) => formatMonthBr(r.month));
  if (madeUp.length > 0)
    deps.warn({
      en: `${madeUp.length} month(s) made up by the sandbox (${madeUp[0]}–${madeUp.at(-1)}): not official values`,
      pt: `${madeUp.length} mês(es) inventado(s) pelo sandbox (${madeUp[0]}–${madeUp.at(-1)}): não são valores oficiais`,
    });
  if (missing.length > 0)
    deps.warn({
      en: `${index}: no table has ${missing.length === 1 ? missing[0] : `${missing[0]}–${missing.at(-1)}`}: condo indexes import FILE --index ${index}`,
      pt: `${index}: nenhuma tabela tem ${missing.length === 1 ? missing[0] : `${missing[0]}–${missing.at(-1)}`}: condo indexes import ARQUIVO --index ${index}`,
    });
  return 0;
}

export async function importIndex(
  deps: Deps,
  file: string,
  opts: { index?: string | undefined },
): Promise<number> {
  const given =
    opts.index === undefined ? undefined : enumFlag('--index', opts.index.toUpperCase(), SERIES_CODES);
  const done = await importIndexTable(file, given, await configDirOf(deps), deps.now());
  if (deps.format === 'json') {
    printJson(deps, done);
    return 0;
  }
  deps.info(
    {
      en: `${done.code}: ${done.months} months, ${formatMonthBr(done.first)} to ${formatMonthBr(done.last)} (${done.kind === 'factors' ? 'factors' : 'monthly changes'}), sha256 ${done.sha256}${done.replaced === null ? '' : `, replacing a table of ${done.replaced} months`}; kept in ${done.kept}`,
      pt: `${done.code}: ${done.months} meses, de ${formatMonthBr(done.first)} a ${formatMonthBr(done.last)} (${done.kind === 'factors' ? 'fatores' : 'variações mensais'}), sha256 ${done.sha256}${done.replaced === null ? '' : `, no lugar de uma tabela de ${done.replaced} meses`}; guardada em ${done.kept}`,
    },
    true,
  );
  return 0;
}
