// Bundles the CLI with esbuild into ESM chunks under dist/. Start-up is dominated by module loading, so the
// libraries a command loads on demand (undici, conf and its ajv, ulid, commander, TypeBox) are bundled into
// lazily imported chunks: one file each instead of hundreds. Packages that resolve files at run time or are
// needed only by the sandbox (pdfkit reads its font files at run time) and prompts stay external.
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
  external: ['fastify', '@fastify/*', '@inquirer/*', 'cli-table3', 'better-sqlite3', 'pdfkit'],
  // Bundled CommonJS (undici, ajv) calls require() for Node built-ins; give the ESM chunks a real one.
  banner: {
    js: "import { createRequire as __condoCreateRequire } from 'node:module'; const require = __condoCreateRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __CONDO_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
