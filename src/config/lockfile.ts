/**
 * proper-lockfile's lock, loaded when the config is first written. The package is CommonJS: imported statically
 * here and this module lazily, so the bundle keeps its named export (scripts/build.mjs refuses a dynamic import of
 * a package that lands on a chunk exporting only `default`).
 */
import lockfile from 'proper-lockfile';

export const lock: typeof lockfile.lock = (file, options) => lockfile.lock(file, options);
