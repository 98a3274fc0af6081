/**
 * A firm's run over the condominiums it keeps (`--profiles a,b,c`, `--all-profiles`): which profiles are asked
 * (each condominium of each server once), how many at a time, and a server found down not asked again. The CLI
 * runs a verb for each and renders the answers (cli/profiles.ts).
 */
import { type CondoError, UnavailableError, UsageError } from '../domain/errors.js';

/** How many profiles are asked at once: enough to hide latency, few enough not to look like a flood. */
const CONCURRENCY = 8;

export interface ProfileTarget {
  profile: string;
  condominium: string;
  baseUrl: string;
}

/** What a run names: one profile, a list of them, or all. */
export interface FirmSelection {
  profile?: string | undefined;
  profiles?: string | undefined;
  allProfiles?: boolean | undefined;
}

/** Whether this run asked for more than one profile. */
export const acrossProfiles = (globals: FirmSelection): boolean =>
  Boolean(globals.allProfiles || globals.profiles !== undefined);

/**
 * The profiles `--profiles a,b,c` names (in that order) or every profile (`--all-profiles`, by name); two
 * profiles for the same condominium on the same server are asked once, under the first name.
 */
export function firmTargets(
  globals: FirmSelection,
  stored: Readonly<Record<string, { base_url: string; condominium: string }>>,
): ProfileTarget[] {
  if (globals.profile && acrossProfiles(globals))
    throw new UsageError({
      en: '--profile and --profiles/--all-profiles: give one',
      pt: '--profile e --profiles/--all-profiles: dê um só',
    });
  if (globals.allProfiles && globals.profiles !== undefined)
    throw new UsageError({
      en: '--profiles and --all-profiles: give one',
      pt: '--profiles e --all-profiles: dê um só',
    });
  let names: string[];
  if (globals.profiles !== undefined) {
    names = globals.profiles
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length === 0)
      throw new UsageError({
        en: '--profiles: give profile names, e.g. --profiles a,b,c',
        pt: '--profiles: dê nomes de perfis, p. ex. --profiles a,b,c',
      });
    const missing = names.filter((n) => !stored[n]);
    if (missing.length > 0)
      throw new UsageError({
        en: `--profiles: no profile ${missing.map((n) => `"${n}"`).join(', ')} (see condo config list)`,
        pt: `--profiles: não há perfil ${missing.map((n) => `"${n}"`).join(', ')} (veja condo config list)`,
      });
  } else names = Object.keys(stored).sort();
  if (names.length === 0)
    throw new UsageError({
      en: '--all-profiles: there are no profiles yet (condo auth login; on the sandbox, condo sandbox credentials --write-profiles)',
      pt: '--all-profiles: ainda não há perfis (condo auth login; no sandbox, condo sandbox credentials --write-profiles)',
    });
  const seen = new Set<string>();
  const targets: ProfileTarget[] = [];
  for (const profile of names) {
    const p = stored[profile];
    if (!p) continue;
    const key = `${p.base_url.replace(/\/+$/, '')}\n${p.condominium}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({ profile, condominium: p.condominium, baseUrl: p.base_url });
  }
  return targets;
}

/**
 * A server that could not be reached after a profile's retries (exit 7) is not asked again for the next profiles
 * on it: fifty profiles of one dead server fail in one retry budget, not fifty.
 */
export function serverFate() {
  const down = new Map<string, CondoError>();
  const key = (baseUrl: string) => baseUrl.replace(/\/+$/, '');
  return {
    downOf: (baseUrl: string): CondoError | undefined => down.get(key(baseUrl)),
    note: (baseUrl: string, error: CondoError): void => {
      if (error instanceof UnavailableError) down.set(key(baseUrl), error);
    },
  };
}

/** Runs `fn` over the targets, at most CONCURRENCY at a time, keeping their order. */
export async function pooled<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return out;
}
