import { resolve } from 'node:path';
import type { Profile } from './store.js';

/**
 * Where a sandbox writes a profile (#50 point 4): a sandbox helper never overwrites a profile that is not its own.
 * `condo auth login --profile edificio-tambore` against the firm's real server, then `sandbox credentials
 * --write-profiles`, replaced that profile with the sandbox's, and the real client secret, shown once, was gone.
 */

/** The profile was written by a sandbox helper for the sandbox on `dataDir` (else, for older ones, at `baseUrl`). */
export function isProfileOfSandbox(profile: Profile, dataDir: string, baseUrl: string): boolean {
  if (profile.sandbox !== true) return false;
  if (profile.sandbox_data_dir) return resolve(profile.sandbox_data_dir) === resolve(dataDir);
  return profile.base_url === baseUrl;
}

export interface ProfilePlace {
  /** the name to write */
  name: string;
  /** the profile that was kept, when `name` is not the one asked for */
  kept?: { name: string; base_url: string };
}

/**
 * The name `preferred` when it is free or already this sandbox's; else `sandbox-<condominium>`, then
 * `sandbox-<condominium>-2`, … (the first free or this sandbox's), with the profile that was kept.
 */
export function placeSandboxProfile(
  profiles: Readonly<Record<string, Profile>>,
  preferred: string,
  condominium: string,
  dataDir: string,
  baseUrl: string,
): ProfilePlace {
  const usable = (name: string) => {
    const existing = profiles[name];
    return existing === undefined || isProfileOfSandbox(existing, dataDir, baseUrl);
  };
  if (usable(preferred)) return { name: preferred };
  const kept = { name: preferred, base_url: (profiles[preferred] as Profile).base_url };
  const fallback = `sandbox-${condominium}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? fallback : `${fallback}-${n}`;
    if (name !== preferred && usable(name)) return { name, kept };
  }
}
