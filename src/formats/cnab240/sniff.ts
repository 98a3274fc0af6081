/**
 * What a CNAB 240 file is, told from its first records alone: the checks a command makes before it reads a file,
 * in a module of their own that loads nothing else (#73: a statement's dry run loaded CNAB's findings for them).
 */

/** Whether a file's first records are a DDA file's: a lote header of operation I, service 03. */
export function isCnabDda(head: string): boolean {
  return lotIs(head, /^\d{3}\d{4}1I03/);
}

/** Whether the head of a file is a CNAB 240 account statement (a lote of operation E, service 04, an extrato). */
export function isCnabStatement(head: string): boolean {
  return lotIs(head, /^\d{3}\d{4}1E04/);
}

/** A CNAB file's head: a first record that starts with digits, and a lote header like `lot` among the first three. */
function lotIs(head: string, lot: RegExp): boolean {
  const records = head.split(/\r\n|\n|\r/).slice(0, 3);
  return /^\d{8}/.test(records[0] ?? '') && records.some((r) => lot.test(r));
}
