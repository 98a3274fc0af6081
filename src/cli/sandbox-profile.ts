import { homedir } from 'node:os';
import { join, win32 } from 'node:path';
import type { Deps } from './context.js';

/** The profile this run names (--profile, CONDO_PROFILE, the current one), as stored; undefined when none is. */
async function selectedProfile(deps: Deps) {
  const store = await deps.config();
  const { selectedProfileName } = await import('../config/credentials.js');
  return store.profile(selectedProfileName(deps.globals, deps.io.env, store));
}

/**
 * The data dir of the sandbox this run's profile points at, where `sandbox start` wrote it (a sandbox started with
 * --data-dir elsewhere); none for another profile, or when CONDO_SANDBOX_DIR says where.
 */
export async function profileSandboxDir(deps: Deps): Promise<string | undefined> {
  if (deps.io.env.CONDO_SANDBOX_DIR) return undefined;
  return (await selectedProfile(deps))?.sandbox_data_dir;
}

/**
 * The condominium a verb that plays the bank writes for (#66): --condominium, else the one this run's profile (or
 * CONDO_CONDOMINIUM) names, so `--profile X sandbox statement` is X's statement; none: the sandbox's first.
 */
export async function sandboxCondominium(
  deps: Deps,
  given: string | undefined,
): Promise<{ condominium?: string }> {
  const named = given || deps.io.env.CONDO_CONDOMINIUM || (await selectedProfile(deps))?.condominium;
  return named ? { condominium: named } : {};
}

/** --data-dir, else CONDO_SANDBOX_DIR, else beside a relocated config, else the XDG data home. */
export function sandboxDataDir(
  env: NodeJS.ProcessEnv,
  flag?: string,
  platform: NodeJS.Platform = process.platform,
): string {
  if (flag) return flag;
  if (env.CONDO_SANDBOX_DIR) return env.CONDO_SANDBOX_DIR;
  if (env.CONDO_CONFIG_DIR) return join(env.CONDO_CONFIG_DIR, 'sandbox');
  // where each system keeps an application's local data: %LOCALAPPDATA% on Windows, XDG's elsewhere
  if (platform === 'win32')
    return win32.join(env.LOCALAPPDATA || win32.join(homedir(), 'AppData', 'Local'), 'condo', 'sandbox');
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'condo', 'sandbox');
}
