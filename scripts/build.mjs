// Bundles the CLI with esbuild into ESM chunks under dist/. Start-up is dominated by module loading, so the
// libraries a command loads on demand (undici, conf and its ajv, ulid, commander, TypeBox) are bundled into
// lazily imported chunks: one file each instead of hundreds. Packages that resolve files at run time or are
// needed only by the sandbox (pdfkit reads its font files at run time) and prompts stay external.
//
// A working copy is never half-built (#50): the build goes to dist.next-PID/ and is moved into dist/ file by file at the
// end (each a rename: atomic), chunks first and the entry points last, while the previous build's files stay until
// the next build. A `condo` run while `npm test` builds runs the old build or the new one, and one that started on
// the old build still finds every chunk it loads later (chunk names carry their content's hash). A build whose
// inputs are those of dist/ (the stamp below) does nothing: `npm test` after `npm run build`, or twice in a row,
// does not touch a build in use. `--force` builds anyway.
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { build } from 'esbuild';

// one of its own per build, so two builds at once (two terminals, an editor's watcher) do not clear each other's
const OUT = `dist.next-${process.pid}`;
const STAMP = '.build-stamp';

/** A digest of everything the build reads: the sources, the assets, this script, the locked dependencies. */
async function inputsStamp() {
  const hash = createHash('sha256');
  const files = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'];
  for (const dir of ['src', 'assets'])
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.push(join(entry.parentPath ?? entry.path, entry.name));
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex');
}

const FILES = '.build-files';
/** dist/ holds the build of these inputs, whole: its stamp is theirs and every file it lists is there. */
async function upToDate(stamp) {
  if ((await readFile(join('dist', STAMP), 'utf8').catch(() => '')) !== stamp) return false;
  const listed = (await readFile(join('dist', FILES), 'utf8').catch(() => '')).split('\n').filter(Boolean);
  if (listed.length === 0) return false;
  for (const file of listed) if (!(await stat(join('dist', file)).catch(() => null))) return false;
  return true;
}

const stamp = await inputsStamp();
if (!process.argv.includes('--force') && (await upToDate(stamp))) process.exit(0);

/**
 * A plugin that rewrites, in the package file `filter` matches, each eager line into its lazy form; the build
 * fails when one is gone (the package changed, and the rewrite with it).
 */
function lazily(name, filter, rewrites) {
  return {
    name,
    setup(b) {
      b.onLoad({ filter }, async (args) => {
        let source = await readFile(args.path, 'utf8');
        for (const [eager, lazy] of rewrites) {
          if (!source.includes(eager)) throw new Error(`${name}: "${eager}" is gone from ${args.path}`);
          source = source.replace(eager, () => lazy);
        }
        return { contents: source, loader: 'js' };
      });
    },
  };
}

// undici's Client loads its HTTP/2 half (and with it node:http2 and tls, ~6 ms on Node 20) at start-up, though it
// runs only when a TLS server picks h2 and h2 was allowed, which condo never asks for. Load it on first use.
const lazyHttp2 = lazily('undici-lazy-h2', /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/, [
  [
    "const connectH2 = require('./client-h2.js')",
    "const connectH2 = (...args) => require('./client-h2.js')(...args)",
  ],
]);

// string-width builds, when it loads, an Intl.Segmenter (~13 ms: ICU's break data) and its RGI emoji pattern
// (~30 ms on Node 20), though a command needs them only for text outside Latin-1, which textWidth (cli/output.ts)
// measures without them. Build them on first use.
const lazyStringWidth = lazily('string-width-lazy', /string-width[\\/]index\.js$/, [
  [
    'const segmenter = new Intl.Segmenter();',
    'let madeSegmenter; const segmenter = { segment: (text) => (madeSegmenter ??= new Intl.Segmenter()).segment(text) };',
  ],
  [
    'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
    "let madeRgiEmoji; const rgiEmojiRegex = { test: (text) => (madeRgiEmoji ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text) };",
  ],
]);

// commander loads node:child_process (3-5 ms on Node 20 and 22 here) for a subcommand that is an executable of its
// own, which condo has none of; every command loads commander. Load it on first use (#73).
const lazyCommanderSpawn = lazily('commander-lazy-spawn', /commander[\\/]lib[\\/]command\.js$/, [
  [
    "const childProcess = require('node:child_process');",
    "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
  ],
]);

// A CommonJS package imported with `import('pkg')` lands, bundled, on a chunk whose only export is `default`: its
// named exports are undefined there, though they are not when the TypeScript runs unbundled (the tests' in-process
// sandbox). The webhooks' `new Agent()` failed that way in the shipped sandbox only (#50). A package a module loads
// on demand is imported statically by a small module of ours (src/sandbox/services/webhook-net.ts), which is the one
// imported dynamically; this check fails the build on any dynamic import of a package that lands on such a chunk.
function refuseDefaultOnlyDynamicImports(metafile) {
  const chunkOf = new Map();
  for (const [file, output] of Object.entries(metafile.outputs))
    if (output.entryPoint) chunkOf.set(output.entryPoint, { file, exports: output.exports });
  const problems = [];
  for (const [source, input] of Object.entries(metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.kind !== 'dynamic-import' || imported.external) continue;
      if (/^(\.|\/|node:)/.test(imported.original ?? '.')) continue; // a module of ours, or Node's own
      const chunk = chunkOf.get(imported.path);
      if (chunk && chunk.exports.length === 1 && chunk.exports[0] === 'default')
        problems.push(
          `${source}: import('${imported.original}') lands on ${chunk.file}, which exports only \`default\`: ` +
            'import the package statically in a module of ours, and that module dynamically',
        );
    }
  }
  if (problems.length > 0) {
    console.error(`build refused:\n${problems.join('\n')}`);
    process.exit(1);
  }
}

const { version } = JSON.parse(await readFile('package.json', 'utf8'));
await rm(OUT, { recursive: true, force: true });
// Bundled CommonJS (undici, ajv) calls require() for Node built-ins; give the ESM chunks a real one, made on its
// first call: a banner goes on every chunk, and a command loads some sixty, of which two call it (#73: ~0.05 ms
// each on Node 20, for nothing).
const requireBanner = {
  js: "import { createRequire as __condoCreateRequire } from 'node:module'; let __condoMade; const __condoReal = () => (__condoMade ??= __condoCreateRequire(import.meta.url)); const require = Object.assign((id) => __condoReal()(id), { resolve: (id, options) => __condoReal().resolve(id, options) });",
};
const bundled = await build({
  entryPoints: {
    'cli/main': 'src/cli/main.ts',
    // the help books' writer (below)
    'cli/help-book': 'src/cli/help-book.ts',
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['fastify', '@fastify/*', '@inquirer/*', 'cli-table3', 'better-sqlite3', 'pdfkit'],
  banner: requireBanner,
  sourcemap: 'linked',
  minifyWhitespace: true,
  minifySyntax: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: { __CONDO_VERSION__: JSON.stringify(version) },
  plugins: [lazyHttp2, lazyStringWidth, lazyCommanderSpawn],
  logLevel: 'warning',
  metafile: true,
});
refuseDefaultOnlyDynamicImports(bundled.metafile);
// CONDO_METAFILE=path: esbuild's account of which sources went into which chunk, to see what a command loads
if (process.env.CONDO_METAFILE) await writeFile(process.env.CONDO_METAFILE, JSON.stringify(bundled.metafile));

// The sandbox's migrations are SQL files found by their names (src/sandbox/db/migrations.ts) beside the chunk that
// reads them: the copy replaces the last build's, so a migration removed from src (a branch's) is not left behind
// to raise the schema version of every database it opens.
await rm(`${OUT}/chunks/migrations`, { recursive: true, force: true });
await cp('src/sandbox/db/migrations', `${OUT}/chunks/migrations`, {
  recursive: true,
  filter: (path) => !/\.[jt]s$/.test(path),
});
// and its background checkpointer, a worker thread's plain module (src/sandbox/db/checkpoints.ts)
await cp('src/sandbox/db/checkpointer.mjs', `${OUT}/chunks/checkpointer.mjs`);
// The month's document embeds a font with every Portuguese glyph (#36, src/cli/month-document.ts): DejaVu Sans, its
// licence beside it; found beside the chunks as the migrations are.
await cp('assets/fonts', `${OUT}/chunks/fonts`, { recursive: true });

// The help books: every command's --help page in each language, one file each, and the completion table, read off
// the command tree now so that asking for help or pressing TAB loads neither commander nor any verb
// (src/cli/help-pages.ts, src/cli/completion-table.ts). The one module that answers them is a CommonJS file of its
// own, as bin/condo.js is, and shares nothing: one module to load, not a chunk graph. The writer is not shipped.
const { writeHelpBooks } = await import(new URL(`../${OUT}/cli/help-book.js`, import.meta.url).href);
await writeHelpBooks(`${OUT}/help`);
await rm(`${OUT}/cli/help-book.js`);
await rm(`${OUT}/cli/help-book.js.map`);
// The worker thread that lists a big CNAB file's second half (src/cli/inspect-items.ts, #73): one module of its own.
// An entry of the main build split one more chunk out of every command's graph, and made the worker load ~17.
await build({
  entryPoints: { 'cli/inspect-half': 'src/cli/inspect-half.ts' },
  outdir: OUT,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['cli-table3'],
  banner: requireBanner,
  sourcemap: 'linked',
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [lazyStringWidth],
  logLevel: 'warning',
});
await build({
  entryPoints: { 'cli/static-help': 'src/cli/static-help.ts' },
  outdir: OUT,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});

// Into place, file by file. What each build wrote is listed in dist/.build-files; a file of neither this build nor the
// one before is removed (two builds old: no run still loads from it).
// paths with '/' on every system (Windows' relative() gives 'cli\\main.js'), as .build-files keeps them
const filesOf = async (dir) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) =>
      relative(dir, join(e.parentPath ?? e.path, e.name))
        .split(sep)
        .join('/'),
    );
const built = (await filesOf(OUT)).filter((f) => f !== FILES && f !== STAMP);
const previous = new Set(
  (await readFile(join('dist', FILES), 'utf8').catch(() => '')).split('\n').filter(Boolean),
);
// the entry points last: once they are the new build's, everything they load is there
const entry = (f) => f.startsWith('cli/') || f.startsWith('help/');
for (const file of [...built.filter((f) => !entry(f)), ...built.filter(entry)]) {
  await mkdir(dirname(join('dist', file)), { recursive: true });
  await rename(join(OUT, file), join('dist', file));
}
const kept = new Set([...built, ...previous, FILES, STAMP]);
for (const file of await filesOf('dist').catch(() => []))
  if (!kept.has(file)) await rm(join('dist', file), { force: true });
await writeFile(join('dist', FILES), `${built.join('\n')}\n`);
await writeFile(join('dist', STAMP), stamp);
await rm(OUT, { recursive: true, force: true });
// whole copies the earlier way of putting a build in place left aside, and a killed build's own folder
for (const name of await readdir('.'))
  if (name.startsWith('dist.old-') || (name.startsWith('dist.next-') && name !== OUT))
    await rm(name, { recursive: true, force: true });
