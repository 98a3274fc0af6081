import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * #72 point 7: docs/commands.md is every command's help as the build writes it (dist/help/commands.md, from the
 * command tree), so it never drifts from what condo says: `npm run generate:commands` after a verb changes.
 */
const ROOT = join(import.meta.dirname, '..', '..');

test('the committed commands manual is what the build writes from the help', async () => {
  const built = await readFile(join(ROOT, 'dist', 'help', 'commands.md'), 'utf8');
  const committed = await readFile(join(ROOT, 'docs', 'commands.md'), 'utf8');
  expect(committed, 'docs/commands.md is stale: npm run generate:commands').toBe(built);
  // every command is in it, the newest too
  for (const heading of [
    '## condo payables create',
    '## condo agreement propose',
    '## condo debt update',
    '## condo indexes show',
  ])
    expect(committed).toContain(heading);
});
