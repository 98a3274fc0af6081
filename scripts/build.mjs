// Bundles the CLI with esbuild: our own code in a few ESM chunks (fewer files to load at start-up), every
// npm package left external and loaded with dynamic import() only by the commands that need it.
import { readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const { version } = JSON.parse(await readFile('package.json', 'utf8'));
await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: { 'cli/main': 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __CONDO_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
