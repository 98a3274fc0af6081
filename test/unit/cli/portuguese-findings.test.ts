import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadTranslator } from '../../../src/cli/i18n.js';
import type { Message } from '../../../src/domain/message.js';
import { readCnab240Sync } from '../../../src/formats/cnab240/index.js';
import { parseStatement } from '../../../src/formats/statement/index.js';
import { corpusDir } from '../../corpus.js';
import { englishLines } from '../../english.js';

/**
 * #31 point 4: what a file reader finds (formats/ speaks English) reaches a pt-BR screen in Portuguese, whole. The
 * findings are those the readers make on every file of the corpus, the real files of banks and other tools.
 */

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(tsv|md)$/i.test(name) ? [] : [path];
  });
}

/** A finding with its numbers made one, so each kind is looked at once. */
const kindOf = (message: string) => message.replace(/\d+/g, '0');

/** What a reader found, by its code where it made one (#54), else by its English. */
type Found = { message: string; finding?: Message | undefined };

async function translated(findings: Map<string, Found>): Promise<string[]> {
  // the check sees English where there is English: it finds it in nearly every finding as the reader words it
  const seen = [...findings.values()].filter(({ message }) => englishLines(message).length > 0);
  expect(seen.length, seen.map((f) => f.message).join('\n')).toBeGreaterThan(findings.size * 0.8);
  const t = await loadTranslator('pt-BR');
  return [...findings.values()].flatMap(({ message, finding }) => {
    const said = t(finding ?? message);
    // an OFX server's own status text is the bank's words, not condo's
    const ours = said.replace(/^(status OFX \S+ \S+).*$/, '$1');
    const english = englishLines(ours);
    return said === message || english.length > 0 ? [`${message}\n    → ${said}`] : [];
  });
}

test('every finding of the CNAB 240 reader on the corpus (DDA included) is said in Portuguese', async () => {
  const findings = new Map<string, Found>();
  for (const path of [...filesUnder(corpusDir('cnab240')), ...filesUnder(corpusDir('dda'))]) {
    const file = readCnab240Sync(new Uint8Array(readFileSync(path)));
    for (const found of [...file.warnings, ...file.errors]) findings.set(kindOf(found.message), found);
  }
  expect(findings.size).toBeGreaterThan(30);
  expect(await translated(findings)).toEqual([]);
});

test('every finding of the statement readers (OFX, CSV) on the corpus is said in Portuguese', async () => {
  const findings = new Map<string, Found>();
  for (const path of filesUnder(corpusDir('statements'))) {
    const parsed = await parseStatement(new Uint8Array(readFileSync(path))).catch(() => undefined);
    for (const found of [...(parsed?.warnings ?? []), ...(parsed?.errors ?? [])])
      findings.set(kindOf(found.message), found);
  }
  expect(findings.size).toBeGreaterThan(15);
  expect(await translated(findings)).toEqual([]);
});

test("a service invoice that is not well-formed XML says why in Portuguese, the parser's English aside (#66)", async () => {
  const { readXml } = await import('../../../src/formats/nfse/xml.js');
  const t = await loadTranslator('pt-BR');
  const cases: [string, string][] = [
    ['<NFSe><x>1</x>\nOops\n', "XML mal formado: tag inválida ou não fechada ('NFSe')"],
    ['<NFSe><x>1</x></NFSe>\n</NFSe>Oops\n', 'XML mal formado: '],
  ];
  for (const [xml, said] of cases) {
    const read = readXml(xml);
    expect(read.ok).toBe(false);
    if (read.ok) continue;
    const pt = t(read.finding);
    expect(pt).toContain(said);
    expect(englishLines(pt)).toEqual([]);
  }
});
