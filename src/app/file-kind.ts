import { constants, type Stats } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import { isCnabDda, isCnabStatement } from '../formats/cnab240/sniff.js';

/**
 * What a bank file is, from its first line: a CNAB 240 file starts with a record (bank code, lote and record
 * type, 8 digits) in a long fixed-width line (banks and tools trim its trailing blanks, and some files start at a
 * lote header); a statement is OFX (a header or a tag) or a CSV, whose lines have separators.
 */
export type FileKind = 'return' | 'statement';

/**
 * A file argument that must be a file one can read, or a refusal that says what it is (#66: "FILE: x não é um
 * arquivo legível" for a file that does not exist): not there, a folder, or not readable. `then` follows the
 * refusal ("; nothing was read", when one of many files is).
 */
export async function requireReadableFile(path: string, then: Text = { en: '', pt: '' }): Promise<Stats> {
  const info = await stat(path).catch((e: NodeJS.ErrnoException) => e);
  const refuse = (en: string, pt: string) =>
    new UsageError({ en: `${path}: ${en}${then.en}`, pt: `${path}: ${pt}${then.pt}` });
  if (info instanceof Error) {
    if (info.code === 'ENOENT') throw refuse('no such file', 'arquivo não encontrado');
    throw refuse(
      `cannot be read (${info.code ?? info.message})`,
      `não pode ser lido (${info.code ?? info.message})`,
    );
  }
  if (info.isDirectory()) throw refuse('is a folder, not a file', 'é uma pasta, não um arquivo');
  if (!info.isFile()) throw refuse('is not a file', 'não é um arquivo');
  await access(path, constants.R_OK).catch(() => {
    throw refuse('cannot be read (no permission)', 'não pode ser lido (sem permissão)');
  });
  return info;
}

async function head(path: string): Promise<string> {
  await requireReadableFile(path);
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    // latin1: one character per byte (a UTF-8 BOM reads as three)
    return buffer
      .subarray(0, bytesRead)
      .toString('latin1')
      .replace(/^\xEF\xBB\xBF/, '');
  } finally {
    await handle.close();
  }
}

const firstLine = (text: string) => text.split('\n')[0]?.replace(/\r$/, '') ?? '';
const isCnab = (line: string) => /^\d{8}/.test(line) && line.length >= 100 && !/[;,\t]/.test(line);

/**
 * A CNAB 240 return (`return`), or a statement (`statement`): OFX, CSV, or a CNAB 240 account statement (its lote
 * header says operation E, service 04), which is read as the statement it is.
 */
export async function kindOf(path: string): Promise<FileKind> {
  const text = await head(path);
  return isCnab(firstLine(text)) && !isCnabStatement(text) ? 'return' : 'statement';
}

/** Whether the file is the bank's DDA (its lote header says operation I, service 03): `dda import` reads it. */
export async function isCnabDdaFile(path: string): Promise<boolean> {
  return isCnabDda(await head(path));
}

/** Whether the file is a CNAB 240 account statement (its lote header says operation E, service 04). */
export async function isCnabStatementFile(path: string): Promise<boolean> {
  return isCnabStatement(await head(path));
}

/** A CNAB verb given a statement, or a statement verb given a CNAB file: named for what it is, or null. */
export async function wrongKind(path: string, wanted: 'cnab' | 'statement'): Promise<Text | null> {
  const text = await head(path);
  if (wanted === 'statement' && isCnab(firstLine(text)) && !isCnabStatement(text))
    return {
      en: `${path}: this is a CNAB 240 file (a remittance or a bank return), not a bank statement: condo cnab inspect shows it, condo batches import-return imports a return`,
      pt: `${path}: este é um arquivo CNAB 240 (remessa ou retorno do banco), não um extrato: condo cnab inspect mostra, condo batches import-return importa um retorno`,
    };
  // a statement positively: OFX's header or tags, or a first line of separated fields
  const statement = /OFXHEADER|<OFX>/i.test(text) || /^[^;\t]*[;\t][^;\t]*[;\t]/.test(firstLine(text));
  if (wanted === 'cnab' && statement)
    return {
      en: `${path}: this is a bank statement (OFX or CSV), not a CNAB 240 file: condo statements import reads it`,
      pt: `${path}: este é um extrato bancário (OFX ou CSV), não um arquivo CNAB 240: use condo statements import`,
    };
  return null;
}
