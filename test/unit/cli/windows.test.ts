import { describe, expect, test } from 'vitest';
import { sandboxDataDir } from '../../../src/cli/commands/sandbox.js';
import { renameOver } from '../../../src/cli/files.js';

/** #29 point 5: where Windows differs, with the platform injected. */

describe('the sandbox keeps its data where each system keeps local data', () => {
  test('Windows: %LOCALAPPDATA%\\condo\\sandbox', () => {
    expect(sandboxDataDir({ LOCALAPPDATA: 'C:\\Users\\Ana\\AppData\\Local' }, undefined, 'win32')).toBe(
      'C:\\Users\\Ana\\AppData\\Local\\condo\\sandbox',
    );
  });
  test('elsewhere: XDG_DATA_HOME or ~/.local/share; the flag and the variables win everywhere', () => {
    expect(sandboxDataDir({ XDG_DATA_HOME: '/data' }, undefined, 'linux')).toBe('/data/condo/sandbox');
    expect(sandboxDataDir({ CONDO_SANDBOX_DIR: 'D:\\sb' }, undefined, 'win32')).toBe('D:\\sb');
    expect(sandboxDataDir({}, 'here', 'win32')).toBe('here');
  });
});

describe('a file held open by another program (Excel) when a download puts its file in place', () => {
  const held = (times: number) => {
    let calls = 0;
    const move = async () => {
      calls++;
      if (calls <= times)
        throw Object.assign(new Error('EPERM: operation not permitted, rename'), { code: 'EPERM' });
    };
    return { move, calls: () => calls };
  };

  test('released within the retries: it is put in place', async () => {
    const m = held(3);
    await renameOver('t', 'lote.rem', { move: m.move, pauseMs: 1 });
    expect(m.calls()).toBe(4);
  });

  test('still open: refused with what to do, not a raw EPERM', async () => {
    const m = held(100);
    await expect(
      renameOver('t', 'C:\\banco\\lote.rem', { move: m.move, pauseMs: 1, attempts: 5 }),
    ).rejects.toThrow(
      /lote\.rem is open in another program \(close it, or choose another name with -O\); nothing was written/,
    );
  });

  test('any other failure is not retried', async () => {
    let calls = 0;
    const move = async () => {
      calls++;
      throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
    };
    await expect(renameOver('t', 'x', { move, pauseMs: 1 })).rejects.toThrow('ENOSPC');
    expect(calls).toBe(1);
  });
});
