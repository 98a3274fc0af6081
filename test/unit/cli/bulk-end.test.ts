import { Readable, Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { createDeps } from '../../../src/cli/context.js';
import { loadTranslator } from '../../../src/cli/i18n.js';
import type { Io } from '../../../src/cli/io.js';
import { finishBulk, type SentRecord } from '../../../src/cli/stoppable.js';
import { ConflictError, InterruptedError } from '../../../src/domain/errors.js';

/** #50 point 8: how a bulk run ends, whoever ran it (mark, unmark, delete, a file's creates). */
async function ended(
  records: SentRecord[],
  stopped: false | 'SIGINT' | 'SIGTERM',
  lang: 'en' | 'pt-BR' = 'en',
  verb = 'marked',
) {
  let out = '';
  let err = '';
  const sink = (add: (s: string) => void) =>
    new Writable({
      write(chunk, _e, done) {
        add(String(chunk));
        done();
      },
    });
  const io: Io = {
    stdin: Readable.from([]),
    stdout: sink((s) => {
      out += s;
    }),
    stderr: sink((s) => {
      err += s;
    }),
    color: false,
    env: {},
  };
  const deps = createDeps(io, { input: false, color: false }, await loadTranslator(lang));
  const code = finishBulk(deps, verb, records, stopped);
  return { code, out, err };
}

const done = (label: string) => ({ ok: true as const, data: null, label });
const already = (label: string): SentRecord => ({ ...done(label), already: true });
const cutOff = (label: string): SentRecord => ({
  ok: false,
  error: new InterruptedError('interrupted'),
  label,
});
const notSent = (label: string): SentRecord => ({
  ok: false,
  error: new InterruptedError('interrupted'),
  label,
  notSent: true,
});

test('stopped: what was in flight is unknown, not failed; what was never sent is left for the re-run; exit 130', async () => {
  const r = await ended([done('A'), already('B'), cutOff('C'), notSent('D'), notSent('E')], 'SIGINT');
  expect(r.code).toBe(130);
  expect(r.out).toBe(
    'A\tok\tmarked\nB\tok\talready marked\nC\tunknown\tunknown: in flight when stopped; the next run checks it\n',
  );
  expect(r.err).toContain(
    '1 marked, 0 failed; 1 was already marked; 1 unknown (in flight when stopped: the next run checks them)',
  );
  expect(r.err).toContain('2 of 5 marked; run the same command again to finish');
  // stopped by SIGTERM (a service manager, timeout): 143
  expect((await ended([done('A'), notSent('B')], 'SIGTERM')).code).toBe(143);
  // what a re-run would refuse again is not counted as left to do
  const refused: SentRecord = {
    ok: false,
    error: new ConflictError('settled', { code: 'settled_by_the_bank' }),
    label: 'F',
  };
  expect((await ended([done('A'), refused, notSent('B')], 'SIGINT')).err).toContain(
    '1 of 2 marked; run the same command again to finish',
  );
  const pt = await ended([done('A'), already('B'), cutOff('C'), notSent('D')], 'SIGINT', 'pt-BR');
  expect(pt.err).toContain('1 marcada, 0 com falha; 1 já estava marcada; 1 sem resposta');
  expect(pt.err).toContain('2 de 4 marcadas; rode o mesmo comando de novo para terminar');
});

test('not stopped: a refusal is a failure with its own code; what was already as asked counts as done', async () => {
  const refused: SentRecord = {
    ok: false,
    error: new ConflictError('in a batch', { code: 'invalid_state' }),
    label: 'B',
  };
  const r = await ended([done('A'), refused], false);
  expect(r.code).toBe(5);
  expect(r.err).toContain('1 marked, 1 failed');
  expect(r.err).not.toContain('run the same command again');
  const all = await ended([done('A'), already('B')], false);
  expect(all.code).toBe(0);
  expect(all.err).toContain('1 marked, 0 failed; 1 was already marked');
});

test('a count agrees with its number in Portuguese (a payable is "conta": feminine)', async () => {
  const failedOne: SentRecord = { ok: false, error: new ConflictError('no'), label: 'X' };
  const cases: [string, SentRecord[], string][] = [
    ['deleted', [done('A')], '1 excluída, 0 com falha'],
    ['deleted', [done('A'), done('B'), done('C'), failedOne], '3 excluídas, 1 com falha'],
    ['marked', [done('A')], '1 marcada, 0 com falha'],
    ['unmarked', [done('A'), done('B')], '2 desmarcadas, 0 com falha'],
    ['created', [done('A'), failedOne], '1 criada, 1 com falha'],
    ['marked', [already('A'), already('B')], '0 marcadas, 0 com falha; 2 já estavam marcadas'],
  ];
  for (const [verb, records, said] of cases)
    expect((await ended(records, false, 'pt-BR', verb)).err).toContain(said);
});
