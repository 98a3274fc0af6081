/**
 * The index tables a calculation reads (#69 point 2), laid over each other month by month: the official tables the
 * user imported (`condo indexes import`, kept under the config folder with their hash), then the snapshot condo
 * ships (IBGE's IPCA, INPC and IPCA-15), then what the server serves (the sandbox's values, some made up). Each
 * month keeps the table it came from, so a figure can say it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Client } from '../client/index.js';
import { type Decimal, decimalText } from '../domain/apportion.js';
import { formatMonthBr } from '../domain/dates.js';
import { NotFoundError, UsageError } from '../domain/errors.js';
import {
  decimalOf,
  emptyProvenance,
  factorBetween,
  factorText,
  type IndexSeries,
  type IndexTables,
  layered,
  type MonthValue,
  nextMonth,
  ONE,
  parseSeries,
  SERIES_CODES,
  type SeriesCode,
} from '../domain/index-series.js';
import { INPC_SNAPSHOT, IPCA_SNAPSHOT, IPCA15_SNAPSHOT, SNAPSHOT_SOURCE } from '../domain/index-snapshot.js';
import { csvRecords } from './csv-rows.js';
import { lineRefusal } from './yaml-tree.js';

let shipped: IndexTables | undefined;

/** The series condo ships: public data (IBGE), with its provenance; read once a run (they never change in it). */
export function shippedTables(): IndexTables {
  shipped ??= new Map([
    ['IPCA', parseSeries(IPCA_SNAPSHOT, 'IPCA', `IPCA: ${SNAPSHOT_SOURCE}`)],
    ['INPC', parseSeries(INPC_SNAPSHOT, 'INPC', `INPC: ${SNAPSHOT_SOURCE}`)],
    [
      'IPCA15',
      parseSeries(IPCA15_SNAPSHOT, 'IPCA15', `IPCA-15: ${SNAPSHOT_SOURCE.replace('01/2000', '06/2000')}`),
    ],
  ]);
  return shipped;
}

/** A table as `indexes import` keeps it, one JSON file a code. */
interface StoredTable {
  code: SeriesCode;
  kind: 'rates' | 'factors';
  /** the file it was read from, as given, and its SHA-256 */
  file: string;
  sha256: string;
  imported_at: string;
  /** month → the value as written in the file ("0,84", "90,946481") */
  months: Record<string, string>;
}

/** Where imported tables are kept: `indexes/` beside the config file. */
export const tablesDir = (configDir: string) => join(configDir, 'indexes');

const storedSource = (t: StoredTable) => {
  const months = Object.keys(t.months).sort();
  return `${basename(t.file)} (importado em ${t.imported_at.slice(0, 10)}, sha256 ${t.sha256.slice(0, 12)}…), ${formatMonthBr(months[0] ?? '')}–${formatMonthBr(months.at(-1) ?? '')}`;
};

function seriesOf(t: StoredTable): IndexSeries {
  const source = storedSource(t);
  const months = new Map<string, MonthValue>();
  for (const [month, text] of Object.entries(t.months).sort())
    months.set(month, { value: decimalOf(text) as Decimal, source, madeUp: false });
  return { code: t.code, kind: t.kind, months };
}

/** A kept table read back; one cut short or edited by hand is refused naming its file, not as a bare JSON error. */
function parseStored(path: string, text: string): StoredTable {
  let stored: Partial<StoredTable> | undefined;
  try {
    stored = JSON.parse(text) as Partial<StoredTable>;
  } catch {
    stored = undefined;
  }
  if (!stored || typeof stored.code !== 'string' || typeof stored.months !== 'object' || !stored.months)
    throw new UsageError({
      en: `${path}: not a table condo kept (cut short or edited?): import the official file again (condo indexes import FILE)`,
      pt: `${path}: não é uma tabela que o condo guardou (cortada ou editada?): importe de novo o arquivo oficial (condo indexes import ARQUIVO)`,
    });
  return stored as StoredTable;
}

/** The tables imported into `configDir`, by code (a missing folder is none). */
export async function importedTables(configDir: string): Promise<Map<string, IndexSeries>> {
  const dir = tablesDir(configDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const out = new Map<string, IndexSeries>();
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const path = join(dir, name);
    const stored = parseStored(path, await readFile(path, 'utf8'));
    out.set(stored.code, seriesOf(stored));
  }
  return out;
}

/** Every code's series: imported first, then shipped, then served, month by month. */
export function tablesOver(
  imported: ReadonlyMap<string, IndexSeries>,
  served: ReadonlyMap<string, IndexSeries> = new Map(),
): IndexTables {
  const out = new Map<string, IndexSeries>();
  for (const code of SERIES_CODES) {
    const series = layered(code, [imported.get(code), shippedTables().get(code), served.get(code)]);
    if (series) out.set(code, series);
  }
  return out;
}

/**
 * An official table read: the TJSP's factors as github.com/gaemapiracicaba/sp_tjsp_correcao_monetaria writes them
 * (`data,data_ref,ano,mes,taxa_string,taxa`), or a BCB SGS series as its CSV export writes it (`data;valor`,
 * `01/09/2024;0,84`, one row a month). Months must follow each other, none twice.
 */
export function readIndexTable(
  file: string,
  text: string,
  given: SeriesCode | undefined,
): { code: SeriesCode; kind: 'rates' | 'factors'; months: Map<string, string> } {
  const [head, ...rows] = csvRecords(file, text);
  const names = (head?.values ?? []).map((v) => v.toLowerCase());
  const tjsp = names.includes('data_ref') && names.includes('taxa');
  const sgs = names[0] === 'data' && names[1] === 'valor';
  if (!tjsp && !sgs)
    throw lineRefusal(file, head?.line ?? 1, {
      en: 'not a table condo reads: the TJSP factors (data,data_ref,…,taxa) or a BCB SGS series (data;valor)',
      pt: 'não é uma tabela que o condo lê: os fatores do TJSP (data,data_ref,…,taxa) ou uma série do SGS do BCB (data;valor)',
    });
  const code = given ?? (tjsp ? 'TJSP' : undefined);
  if (!code)
    throw new UsageError({
      en: `${file}: a BCB series does not name itself: say which with --index (SELIC, IPCA15, TAXA_LEGAL, …)`,
      pt: `${file}: uma série do BCB não diz qual é: informe com --index (SELIC, IPCA15, TAXA_LEGAL, …)`,
    });
  if (tjsp !== (code === 'TJSP'))
    throw new UsageError({
      en: `${file}: ${tjsp ? 'a table of factors (the TJSP tabela prática) is imported as --index TJSP' : 'the TJSP table is one of factors: this file has monthly changes'}`,
      pt: `${file}: ${tjsp ? 'uma tabela de fatores (a tabela prática do TJSP) é importada com --index TJSP' : 'a tabela do TJSP é de fatores: este arquivo tem variações mensais'}`,
    });
  const [monthAt, valueAt] = tjsp ? [names.indexOf('data_ref'), names.indexOf('taxa')] : [0, 1];
  const months = new Map<string, string>();
  let last: string | undefined;
  for (const row of rows) {
    const month = monthText(row.values[monthAt] ?? '');
    const value = (row.values[valueAt] ?? '').trim();
    if (!month)
      throw lineRefusal(file, row.line, {
        en: `"${row.values[monthAt] ?? ''}" is not a month (AAAA-MM, MM/AAAA or DD/MM/AAAA)`,
        pt: `"${row.values[monthAt] ?? ''}" não é um mês (AAAA-MM, MM/AAAA ou DD/MM/AAAA)`,
      });
    if (!decimalOf(value) || (tjsp && value.startsWith('-')))
      throw lineRefusal(file, row.line, {
        en: `${formatMonthBr(month)}: "${value}" is not a ${tjsp ? 'factor' : 'percentage'}`,
        pt: `${formatMonthBr(month)}: "${value}" não é um ${tjsp ? 'fator' : 'percentual'}`,
      });
    if (months.has(month))
      throw lineRefusal(file, row.line, {
        en: `${formatMonthBr(month)} twice: a daily series? Export the monthly one (SGS 4390 for the Selic)`,
        pt: `${formatMonthBr(month)} duas vezes: uma série diária? Exporte a mensal (SGS 4390 para a Selic)`,
      });
    if (last && month !== nextMonth(last))
      throw lineRefusal(file, row.line, {
        en: `${formatMonthBr(month)} follows ${formatMonthBr(last)}: the months between are missing`,
        pt: `${formatMonthBr(month)} vem depois de ${formatMonthBr(last)}: faltam os meses entre eles`,
      });
    months.set(month, value);
    last = month;
  }
  if (months.size === 0)
    throw lineRefusal(file, (head?.line ?? 0) + 1, {
      en: 'no months under the header',
      pt: 'nenhum mês sob o cabeçalho',
    });
  return { code, kind: tjsp ? 'factors' : 'rates', months };
}

function monthText(text: string): string | undefined {
  const t = text.trim();
  const iso = /^(\d{4})-(0[1-9]|1[0-2])(?:-\d{2})?$/.exec(t);
  if (iso) return `${iso[1]}-${iso[2]}`;
  const br = /^(?:\d{2}\/)?(0[1-9]|1[0-2])\/(\d{4})$/.exec(t);
  return br ? `${br[2]}-${br[1]}` : undefined;
}

export interface ImportedTable {
  code: SeriesCode;
  kind: 'rates' | 'factors';
  first: string;
  last: string;
  months: number;
  sha256: string;
  /** the file it is kept in */
  kept: string;
  /** the months it had before, where it replaces a table */
  replaced: number | null;
}

/** `condo indexes import FILE`: read, checked whole, then kept (a temp file renamed into place). */
export async function importIndexTable(
  file: string,
  given: SeriesCode | undefined,
  configDir: string,
  now: Date,
): Promise<ImportedTable> {
  const bytes = await readFile(file).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `${file}: cannot be read (${e.code ?? e.message})`,
      pt: `${file}: não pôde ser lido (${e.code ?? e.message})`,
    });
  });
  const table = readIndexTable(file, bytes.toString('utf8'), given);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const dir = tablesDir(configDir);
  await mkdir(dir, { recursive: true });
  const kept = join(dir, `${table.code}.json`);
  const before = await readFile(kept, 'utf8').then(
    (t) => Object.keys((JSON.parse(t) as StoredTable).months).length,
    () => null,
  );
  const stored: StoredTable = {
    code: table.code,
    kind: table.kind,
    file,
    sha256,
    imported_at: now.toISOString(),
    months: Object.fromEntries(table.months),
  };
  const temp = `${kept}.${process.pid}.partial`;
  await writeFile(temp, `${JSON.stringify(stored, null, 2)}\n`);
  await rename(temp, kept);
  const months = [...table.months.keys()];
  return {
    code: table.code,
    kind: table.kind,
    first: months[0] as string,
    last: months.at(-1) as string,
    months: months.length,
    sha256,
    kept,
    replaced: before,
  };
}

/** The indexes the server serves: codes and names, no values. */
export const monetaryIndexesList = (client: Client) => client.monetaryIndexes.list();

/** What the server serves of the index values (a sandbox extension): by code, and the codes it had none of. */
export async function servedTables(
  client: Client,
  codes: readonly string[],
  range: { from: string; to: string },
): Promise<Map<string, IndexSeries>> {
  const out = new Map<string, IndexSeries>();
  for (const code of codes) {
    // a server without the extension, or without this index, answers 404: the other tables then have to do
    const got = await client.monetaryIndexes.values(code, range).catch((e: unknown) => {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    });
    if (!got) continue;
    const months = new Map<string, MonthValue>();
    for (const v of got) {
      const value = decimalOf(String(v.value));
      if (value && typeof v.month === 'string')
        months.set(v.month, { value, source: `servidor: ${String(v.source)}`, madeUp: v.made_up === true });
    }
    out.set(code, { code, kind: got[0]?.kind === 'factor' ? 'factors' : 'rates', months });
  }
  return out;
}

export interface IndexMonthRow {
  month: string;
  /** the month's change in percent, or its factor, as written ("0,44"); null where no table has it */
  value: string | null;
  /** the factor from the first month shown to the end of this one (a factor table: this month's over the first's) */
  accumulated: string | null;
  source: string | null;
  made_up: boolean;
}

/** `condo indexes show`: the months of `code` from `from` to `to`, each with its table; a gap shown, not refused. */
export function indexMonths(
  tables: IndexTables,
  code: string,
  from: string,
  to: string,
): { kind: 'rates' | 'factors' | null; rows: IndexMonthRow[] } {
  const series = tables.get(code);
  const rows: IndexMonthRow[] = [];
  let factor = ONE;
  let broken = false;
  const first = series?.months.get(from);
  for (let m = from; m <= to; m = nextMonth(m)) {
    const v = series?.months.get(m);
    if (!series || !v) {
      broken = true;
      rows.push({ month: m, value: null, accumulated: null, source: null, made_up: false });
      continue;
    }
    const seen = emptyProvenance();
    if (series.kind === 'rates')
      factor = (factorBetween(series, m, nextMonth(m), seen).factor * factor) / ONE;
    else if (first) factor = factorBetween(series, from, m, seen).factor;
    rows.push({
      month: m,
      value: decimalText(v.value),
      accumulated: broken || (series.kind === 'factors' && !first) ? null : factorText(factor),
      source: v.source,
      made_up: v.madeUp,
    });
  }
  return { kind: series?.kind ?? null, rows };
}
