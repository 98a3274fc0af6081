import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { KeyringError, type KeyringModule } from './keyring.js';

/**
 * The keyring's native part. From node_modules, where npm put it (an optional dependency: on a platform it has no
 * binary for, or after `npm ci --omit=optional`, there is none and the private file is the place). In the single
 * executable it is an asset, and a native module loads only from a file: it is written once to the user's cache
 * folder, named by its digest, and loaded from there; where nothing can be written, the private file is the place,
 * and the reason says why (docs/DESIGN.md "One file to install").
 */
export function loadKeyringModule(): KeyringModule {
  const sea = globalThis.condoSea;
  if (sea) return fromAsset(sea);
  try {
    return createRequire(import.meta.url)('@napi-rs/keyring') as KeyringModule;
  } catch (error) {
    throw new KeyringError(
      'unavailable',
      `its native part (@napi-rs/keyring) did not load: ${String((error as Error).message).split('\n')[0]}`,
    );
  }
}

function fromAsset(sea: NonNullable<typeof globalThis.condoSea>): KeyringModule {
  const bytes = sea.asset('native/keyring.node');
  if (!bytes) throw new KeyringError('unavailable', 'this executable carries no keyring for its platform');
  if (!sea.cacheDir)
    throw new KeyringError(
      'unavailable',
      `its native part must be written to a cache folder to load, and none can be written (${sea.cacheProblem ?? 'no cache folder'})`,
    );
  const digest = createHash('sha256').update(bytes).digest('hex');
  const dir = join(sea.cacheDir, 'native');
  const file = join(dir, `keyring-${digest.slice(0, 16)}.node`);
  const written = (() => {
    try {
      return createHash('sha256').update(readFileSync(file)).digest('hex') === digest;
    } catch {
      return false;
    }
  })();
  if (!written) {
    const temp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(temp, bytes, { mode: 0o700 });
      renameSync(temp, file);
    } catch (error) {
      rmSync(temp, { force: true });
      throw new KeyringError(
        'unavailable',
        `its native part could not be written to ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  const loaded = { exports: {} as KeyringModule };
  try {
    process.dlopen(loaded, file);
  } catch (error) {
    throw new KeyringError(
      'unavailable',
      `its native part did not load: ${String((error as Error).message)
        .split('\n')[0]
        ?.trim()}`,
    );
  }
  return loaded.exports;
}
