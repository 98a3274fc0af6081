import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expandFileArgs } from '../../../src/app/file-args.js';

/** #29 point 4: patterns the shell did not expand (cmd, PowerShell, cron with no match), expanded by condo. */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'condo-glob-'));
  await mkdir(join(dir, 'retornos'));
  await mkdir(join(dir, 'mes'));
  for (const f of [
    'retornos/A.RET',
    'retornos/b.ret',
    'extrato-1.ofx',
    'extrato-2.ofx',
    'odd[1].ofx',
    'mes/extrato-2026-10.ofx',
    'mes/Extrato-2026-11.ofx',
    'mes/extrato-2026-9.ofx',
  ])
    await writeFile(join(dir, f), 'x');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('patterns, in the shell’s own case rules', () => {
  test('Linux: case matters; ? and […] work; names come sorted', async () => {
    expect(await expandFileArgs(['retornos/*.ret'], { cwd: dir, platform: 'linux' })).toEqual([
      'retornos/b.ret',
    ]);
    expect(await expandFileArgs(['extrato-?.ofx'], { cwd: dir, platform: 'linux' })).toEqual([
      'extrato-1.ofx',
      'extrato-2.ofx',
    ]);
    expect(await expandFileArgs(['extrato-[2].ofx'], { cwd: dir, platform: 'linux' })).toEqual([
      'extrato-2.ofx',
    ]);
  });

  test('names come in the order a person reads a folder: case aside, numbers as numbers (#53)', async () => {
    expect(await expandFileArgs(['mes/*.ofx'], { cwd: dir, platform: 'linux' })).toEqual([
      'mes/extrato-2026-9.ofx',
      'mes/extrato-2026-10.ofx',
      'mes/Extrato-2026-11.ofx',
    ]);
  });

  test('Windows: case is ignored, and backslashes separate folders', async () => {
    expect(await expandFileArgs(['retornos\\*.ret'], { cwd: dir, platform: 'win32' })).toEqual([
      'retornos\\A.RET',
      'retornos\\b.ret',
    ]);
  });

  test('a name that exists as typed is taken as it is, brackets and all; plain names are not touched', async () => {
    const odd = join(dir, 'odd[1].ofx');
    expect(await expandFileArgs([odd], { cwd: dir, platform: 'linux' })).toEqual([odd]);
    expect(await expandFileArgs(['nao-existe.ofx'], { cwd: dir, platform: 'linux' })).toEqual([
      'nao-existe.ofx',
    ]);
  });

  test('a pattern that matches nothing: a usage error, or nothing at all with --allow-empty', async () => {
    await expect(expandFileArgs(['*.csv'], { cwd: dir, platform: 'linux' })).rejects.toThrow(
      'no files match "*.csv" (--allow-empty makes that a quiet exit 0, for a cron night with no file)',
    );
    expect(await expandFileArgs(['*.csv'], { cwd: dir, platform: 'linux', allowEmpty: true })).toEqual([]);
  });
});
