// The single executable's start (#56, scripts/package.mjs; docs/DESIGN.md "One file to install"). A single
// executable's main script can require only Node's built-ins, so this one is small and plain: it answers --version
// before anything loads, then runs condo's bundle (one CommonJS file, every library inside), an asset, through
// V8's code cache kept in the user's cache folder. Where no cache can be written it runs from memory, compiling
// each time: slower to start, the same answers. The bundle finds what it read beside dist/'s chunks (migrations,
// fonts, the worker's code, the keyring's native part) through globalThis.condoSea.
'use strict';

const VERSION = '__CONDO_VERSION__';
const argv = process.argv.slice(2);
// `condo … | head`: the reader left; end quietly with 0. The same guard as bin/condo.js's, written again: a single
// executable's main script can require Node's built-ins only, no file of ours
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  runBundle();
}

/** The user's cache folder for this version, made if need be; else why not (then condo runs from memory). */
function cacheFolder() {
  const path = require('node:path');
  const os = require('node:os');
  const env = process.env;
  const base =
    env.CONDO_CACHE_DIR ||
    (process.platform === 'win32'
      ? path.join(env.LOCALAPPDATA || path.join(os.homedir(), 'AppData', 'Local'), 'condo', 'Cache')
      : process.platform === 'darwin'
        ? path.join(os.homedir(), 'Library', 'Caches', 'condo')
        : path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'condo'));
  const dir = path.join(base, `sea-${VERSION}`);
  try {
    const fs = require('node:fs');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.W_OK);
    return { dir };
  } catch (error) {
    return { problem: `${dir}: ${error.code || error.message}` };
  }
}

function runBundle() {
  const sea = require('node:sea');
  const fs = require('node:fs');
  const path = require('node:path');
  const vm = require('node:vm');
  const manifest = JSON.parse(sea.getAsset('manifest.json', 'utf8'));
  const known = new Set(manifest.assets);
  const cache = cacheFolder();
  globalThis.condoSea = {
    asset: (name) => (known.has(name) ? new Uint8Array(sea.getAsset(name)) : undefined),
    names: (prefix) => manifest.assets.filter((name) => name.startsWith(prefix)).sort(),
    cacheDir: cache.dir,
    cacheProblem: cache.problem,
  };
  const code = sea.getAsset('condo.cjs', 'utf8');
  // named by the bundle's digest: a new executable never reads another's cache
  const cacheFile = cache.dir && path.join(cache.dir, `condo-${manifest.bundle}.code-cache`);
  let cachedData;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {}
  const filename = path.join(path.dirname(process.execPath), 'condo.cjs');
  const script = new vm.Script(require('node:module').wrap(code), { filename, cachedData });
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    // written at the end, when the functions this run used are compiled too: the next run skips them
    process.once('exit', () => {
      const temp = `${cacheFile}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(temp, cacheFile);
        // another build's cache (the same version, rebuilt) is of no use to this one
        for (const name of fs.readdirSync(cache.dir))
          if (/^condo-[0-9a-f]+\.code-cache$/.test(name) && path.join(cache.dir, name) !== cacheFile)
            fs.rmSync(path.join(cache.dir, name), { force: true });
      } catch {
        fs.rmSync(temp, { force: true });
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, filename, path.dirname(filename));
}
