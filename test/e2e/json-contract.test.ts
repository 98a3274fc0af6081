import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { verbsOf } from '../../src/cli/declare.js';
import { declarations } from '../../src/cli/verbs/index.js';
import { jsonLines, type Session, sandboxSession } from './harness.js';

/**
 * #71 point 3: `--json` writes one line per result, which cron appends to a `.jsonl` log: one a file for the verbs
 * that read each file on its own, one a run for those that act on the files together. Every verb that takes files
 * is walked here over two of them; a new one fails this test until it says which it is.
 */
const PER_FILE = ['cnab inspect', 'cnab lint', 'nfse check', 'statements import', 'batches import-return'];
const PER_RUN = ['import', 'dda check', 'dda import', 'nfse import'];

let s: Session;
let work: string;
let two: Record<string, string[]>;
beforeAll(async () => {
  s = await sandboxSession();
  work = join(s.condo.configDir, '..', 'files');
  await mkdir(join(work, 'nf'), { recursive: true });
  const at = (name: string) => join(work, name);
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '-O', at('a.ofx')]);
  await copyFile(at('a.ofx'), at('b.ofx'));
  await s.condo.ok(['sandbox', 'dda', '--data-dir', s.dataDir, '-O', at('a.ret')]);
  await copyFile(at('a.ret'), at('b.ret'));
  await s.condo.ok(['sandbox', 'nfse', '--data-dir', s.dataDir, '-O', join(work, 'nf')]);
  const nfse = (await readdir(join(work, 'nf'))).slice(0, 2).map((f) => join(work, 'nf', f));
  const cnab = [
    'test/fixtures/corpus/cnab240/Brunomm__br_boleto',
    'test/fixtures/corpus/cnab240/KeeperFormaturas__cnab240',
  ];
  const returns = await Promise.all(cnab.map(async (d) => join(d, (await readdir(d))[0] as string)));
  two = {
    'cnab inspect': returns,
    'cnab lint': returns,
    'nfse check': nfse,
    'nfse import': [...nfse, '--dry-run'],
    'statements import': [at('a.ofx'), at('b.ofx'), '--dry-run'],
    // two returns of no batch of this server: each refused on its own line
    'batches import-return': returns,
    import: [at('a.ofx'), at('a.ret'), '--dry-run'],
    'dda check': [at('a.ret'), at('b.ret')],
    'dda import': [at('a.ret'), at('b.ret'), '--dry-run'],
  };
});
afterAll(() => s.close());

test('every verb that takes files is one line a file or one line a run, as docs/guide/conventions.md says', async () => {
  const fileVerbs = [...verbsOf(await declarations())]
    .filter(([, v]) => /<files\.\.\.>/.test(v.name))
    .map(([path]) => path);
  expect(fileVerbs.sort()).toEqual([...PER_FILE, ...PER_RUN].sort());
  for (const verb of fileVerbs) {
    const r = await s.condo.run(['--json', ...verb.split(' '), ...(two[verb] as string[])]);
    const lines = r.stdout.trim().split('\n');
    // every line is one JSON object: a log of them is JSON Lines
    const parsed = jsonLines(r.stdout);
    expect(parsed.length, `${verb}: ${r.stdout}`).toBe(lines.length);
    if (PER_FILE.includes(verb)) {
      expect(parsed.length, verb).toBe(2);
      expect(
        parsed.map((l) => typeof l.file),
        verb,
      ).toEqual(['string', 'string']);
    } else expect(parsed.length, `${verb}: ${r.stderr}`).toBe(1);
  }
});
