/** Flags that several verbs take, declared once (declare.ts). */
import type { FlagDecl } from '../declare.js';

/** `--all` and `--limit N`, on every list verb. */
export const PAGING_FLAGS = [
  {
    flag: '--all',
    help: {
      en: 'every row, page by page (the default when piped)',
      pt: 'todas as linhas, página a página (o padrão num pipe)',
    },
  },
  { flag: '--limit <n>', help: { en: 'at most this many rows', pt: 'no máximo estas linhas' } },
] as const satisfies readonly FlagDecl[];

/** A due-date window, on the lists of bills. */
export const DUE_RANGE_FLAGS = [
  { flag: '--due-from <date>', help: { en: 'due on or after', pt: 'vencimento a partir de' } },
  { flag: '--due-to <date>', help: { en: 'due on or before', pt: 'vencimento até' } },
] as const satisfies readonly FlagDecl[];

/** On the verbs that take file patterns from cron. */
export const ALLOW_EMPTY_FLAG = {
  flag: '--allow-empty',
  help: {
    en: 'a pattern that matches no file is not an error (cron, a night with no file)',
    pt: 'um padrão que não encontra arquivo não é erro (cron, uma noite sem arquivo)',
  },
} as const satisfies FlagDecl;

/** On the verbs that enter what a file brings (dda import, nfse import). */
export const DRY_RUN_FLAG = {
  flag: '--dry-run',
  help: { en: 'say what would be done; change nothing', pt: 'diz o que seria feito; não muda nada' },
} as const satisfies FlagDecl;

/** How a generic CSV statement reads, where the bank's layout is not known. */
export const GENERIC_CSV_FLAGS = [
  {
    flag: '--csv-columns <map>',
    help: {
      en: 'generic CSV: date=Data,amount=Valor,description=Histórico,id=Documento',
      pt: 'CSV genérico: date=Data,amount=Valor,description=Histórico,id=Documento',
    },
  },
  {
    flag: '--date-format <format>',
    help: {
      en: 'generic CSV date format, e.g. DD/MM/YYYY',
      pt: 'formato de data do CSV genérico, p. ex. DD/MM/AAAA',
    },
  },
] as const satisfies readonly FlagDecl[];
