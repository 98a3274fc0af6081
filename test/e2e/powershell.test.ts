import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/** #29 point 4: completion for PowerShell, as gh offers it, through the same candidates as the other shells. */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession({ login: false });
});
afterAll(() => s.close());

test('completion powershell registers a native completer that asks condo __complete', async () => {
  const script = await s.condo.ok('completion powershell');
  expect(script).toContain('Register-ArgumentCompleter -Native -CommandName condo');
  expect(script).toContain('condo __complete @flag @words');
  expect(script).toContain('[System.Management.Automation.CompletionResult]::new');
});

test('an empty word being completed, which Windows PowerShell cannot pass, is said with --word-empty', async () => {
  const states = (await s.condo.ok('__complete --word-empty payables list --state')).trim().split('\n');
  expect(states).toEqual(expect.arrayContaining(['pending', 'marked_for_remessa', 'paid']));
  const verbs = (await s.condo.ok('__complete --word-empty payables')).trim().split('\n');
  expect(verbs).toEqual(expect.arrayContaining(['list', 'create', 'mark']));
  expect((await s.condo.ok('__complete payables li')).trim()).toBe('list');
});
