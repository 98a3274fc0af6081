import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The house as docs/DESIGN.md draws it (#54), measured by scripts/house.mjs from the code's own imports and
 * definitions: a change that breaks the dependency rule, closes an import circle or grows a file or a function
 * past what a reader can hold fails here, with the file named.
 */
const figures = JSON.parse(
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../scripts/house.mjs', import.meta.url)), '--json'],
    {
      encoding: 'utf8',
    },
  ),
) as {
  against_the_rule: string[];
  commands_importing_commands: string[];
  circles: string[][];
  files_over_600: { file: string; lines: number }[];
  functions_over_150: { file: string; name: string; lines: number }[];
  translator_regex_rules: number;
  client_calls_in_cli: Record<string, number>;
  clients_made_in_cli: string[];
  rooms: Record<string, number>;
};

describe('the house', () => {
  test('every arrow between rooms follows the dependency rule', () => {
    expect(figures.against_the_rule).toEqual([]);
    expect(Object.keys(figures.rooms).sort()).toEqual(
      ['app', 'cli', 'client', 'config', 'domain', 'formats', 'sandbox'].sort(),
    );
  });

  test('no command module imports another, and no files import each other in a circle', () => {
    expect(figures.commands_importing_commands).toEqual([]);
    expect(figures.circles).toEqual([]);
  });

  test('files and functions a reader can hold', () => {
    // the translator was the last file over, until findings became codes (#54 point 2)
    expect(figures.files_over_600).toEqual([]);
    expect(figures.functions_over_150).toEqual([]);
  });

  test("the translator's regular expressions do not grow back", () => {
    expect(figures.translator_regex_rules).toBeLessThanOrEqual(20);
  });

  test('the CLI is a face: a verb hands the server to a use-case of src/app, never calls its resources (#72)', () => {
    const calls = figures.client_calls_in_cli;
    // counted as the issue counts them: client.x.y( and deps.client(); the one left is deps.app's own
    expect(Object.keys(calls).filter((file) => file.startsWith('src/cli/commands/'))).toEqual([]);
    expect(Object.values(calls).reduce((n, c) => n + c, 0)).toBeLessThanOrEqual(10);
    // the run's client is built in one place (context.ts); a login's trial and a ping are app/session.ts's
    expect(figures.clients_made_in_cli).toEqual(['src/cli/context.ts']);
  });
});
