import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import type { Io } from '../../../src/cli/io.js';
import { buildProgram } from '../../../src/cli/program.js';
import { COMMAND_GROUPS } from '../../../src/cli/verbs/index.js';

const sink = { write: () => true, isTTY: false };
const io = { stdin: process.stdin, stdout: sink, stderr: sink, env: {}, color: false } as unknown as Io;
const topLevel = (program: Command) => program.commands.map((c) => c.name());

describe('command groups, declared by the command a run names', () => {
  test('each module declares exactly the top-level commands named for it', async () => {
    const byModule = new Map<(typeof COMMAND_GROUPS)[string], string[]>();
    for (const [name, load] of Object.entries(COMMAND_GROUPS))
      byModule.set(load, [...(byModule.get(load) ?? []), name]);
    for (const [load, names] of byModule) {
      const { commands } = await load();
      expect(commands.map((c) => c.name.split(' ')[0])).toEqual(names);
    }
  });

  test('the whole tree lists them in the table order; a run gets its own group only', async () => {
    const all = await buildProgram(io, () => undefined);
    expect(topLevel(all)).toEqual([...Object.keys(COMMAND_GROUPS), 'help', 'completion']);
    const run = (args: string[]) =>
      buildProgram(io, () => undefined, undefined, undefined, args).then(topLevel);
    expect(await run(['--profile', 'firm', '-o', 'tsv', 'payables', 'list'])).toEqual([
      'payables',
      'help',
      'completion',
    ]);
    expect(await run(['--json', 'units', 'list'])).toEqual(
      ['units', 'bank-accounts', 'suppliers', 'help', 'completion'].sort(
        (a, b) => topLevel(all).indexOf(a) - topLevel(all).indexOf(b),
      ),
    );
    // help, completion, a word that is no command (a suggestion is owed), `--json a,b`: every group
    for (const args of [
      ['help', 'payables'],
      ['__complete', 'pay'],
      ['payabels'],
      ['--json', 'id,state', 'payables', 'list'],
    ])
      expect(await run(args)).toEqual(topLevel(all));
  });
});
