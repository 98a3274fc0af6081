// Bundles the CLI with esbuild into ESM chunks under dist/. Start-up is dominated by module loading, so the
// libraries a command loads on demand (undici, conf and its ajv, ulid, commander, TypeBox) are bundled into
// lazily imported chunks: one file each instead of hundreds. Packages that resolve files at run time or are
// needed only by the sandbox (pdfkit reads its font files at run time) and prompts stay external.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

// undici's Client loads its HTTP/2 half (and with it node:http2 and tls, ~6 ms on Node 20) at start-up, though it
// runs only when a TLS server picks h2 and h2 was allowed, which condo never asks for. Load it on first use.
const lazyHttp2 = {
  name: 'undici-lazy-h2',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const eager = "const connectH2 = require('./client-h2.js')";
      if (!source.includes(eager)) throw new Error(`undici-lazy-h2: "${eager}" is gone from ${args.path}`);
      const lazy = "const connectH2 = (...args) => require('./client-h2.js')(...args)";
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

// string-width builds, when it loads, an Intl.Segmenter (~13 ms: ICU's break data) and its RGI emoji pattern
// (~30 ms on Node 20), though a command needs them only for text outside Latin-1, which textWidth (cli/output.ts)
// measures without them. Build them on first use.
const lazyStringWidth = {
  name: 'string-width-lazy',
  setup(b) {
    b.onLoad({ filter: /string-width[\\/]index\.js$/ }, async (args) => {
      let source = await readFile(args.path, 'utf8');
      const lazily = [
        [
          'const segmenter = new Intl.Segmenter();',
          'let madeSegmenter; const segmenter = { segment: (text) => (madeSegmenter ??= new Intl.Segmenter()).segment(text) };',
        ],
        [
          'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
          "let madeRgiEmoji; const rgiEmojiRegex = { test: (text) => (madeRgiEmoji ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text) };",
        ],
      ];
      for (const [eager, lazy] of lazily) {
        if (!source.includes(eager))
          throw new Error(`string-width-lazy: "${eager}" is gone from ${args.path}`);
        source = source.replace(eager, () => lazy);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

const { version } = JSON.parse(await readFile('package.json', 'utf8'));
await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    'cli/main': 'src/cli/main.ts',
    // the help books' writer (below)
    'cli/help-book': 'src/cli/help-book.ts',
  },
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
  minifyWhitespace: true,
  minifySyntax: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: { __CONDO_VERSION__: JSON.stringify(version) },
  plugins: [lazyHttp2, lazyStringWidth],
  logLevel: 'warning',
});

// The sandbox's migrations are SQL files found by their names (src/sandbox/db/migrations.ts) beside the chunk that
// reads them.
await cp('src/sandbox/db/migrations', 'dist/chunks/migrations', {
  recursive: true,
  filter: (path) => !/\.[jt]s$/.test(path),
});
// and its background checkpointer, a worker thread's plain module (src/sandbox/db/checkpoints.ts)
await cp('src/sandbox/db/checkpointer.mjs', 'dist/chunks/checkpointer.mjs');
// The month's document embeds a font with every Portuguese glyph (#36, src/cli/month-document.ts): DejaVu Sans, its
// licence beside it; found beside the chunks as the migrations are.
await cp('assets/fonts', 'dist/chunks/fonts', { recursive: true });

// The help books: every command's --help page in each language, one file each, and the completion table, read off
// the command tree now so that asking for help or pressing TAB loads neither commander nor any verb
// (src/cli/help-pages.ts, src/cli/completion-table.ts). The one module that answers them is a CommonJS file of its
// own, as bin/condo.js is, and shares nothing: one module to load, not a chunk graph. The writer is not shipped.
const { writeHelpBooks } = await import(new URL('../dist/cli/help-book.js', import.meta.url).href);
await writeHelpBooks('dist/help');
await rm('dist/cli/help-book.js');
await rm('dist/cli/help-book.js.map');
await build({
  entryPoints: { 'cli/static-help': 'src/cli/static-help.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
