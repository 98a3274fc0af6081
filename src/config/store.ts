import { chmodSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import envPaths from 'env-paths';

/**
 * The profile store (conf's file): named profiles, the current profile, and a token cache. `CONDO_CONFIG_DIR` moves
 * it (tests use a temporary one); the file is mode 0600 because it holds client secrets and tokens.
 */

export interface Profile {
  base_url: string;
  condominium: string;
  client_id: string;
  client_secret?: string;
  scopes?: string[];
}

export interface StoredToken {
  access_token: string;
  expires_at: number;
  /** When it was issued (epoch ms): its lifetime decides when it is renewed. */
  issued_at?: number;
  scope: string[];
}

interface ConfigShape extends Record<string, unknown> {
  current_profile?: string;
  profiles: Record<string, Profile>;
  tokens: Record<string, StoredToken>;
}

/** Keys `condo config get|set|unset` accepts for a profile; the secret is set only by `auth login`. */
export const PROFILE_KEYS = ['base_url', 'condominium', 'client_id', 'scopes'] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

export interface ConfigStore {
  readonly path: string;
  currentProfile(): string | undefined;
  useProfile(name: string): Promise<void>;
  profile(name: string): Profile | undefined;
  profiles(): Record<string, Profile>;
  saveProfile(name: string, profile: Profile): Promise<void>;
  deleteProfile(name: string): Promise<void>;
  token(key: string): StoredToken | undefined;
  saveToken(key: string, token: StoredToken): Promise<void>;
  deleteToken(key: string): Promise<void>;
}

/** Where conf keeps the file: `CONDO_CONFIG_DIR`, else the platform's config folder for "condo" (env-paths). */
export function configPath(env: NodeJS.ProcessEnv): string {
  return join(env.CONDO_CONFIG_DIR ?? envPaths('condo', { suffix: '' }).config, 'config.json');
}

/**
 * Reads go straight to the JSON file; conf (and its ajv and semver, a third of a command's start-up) is loaded
 * only by the first write. Most commands only read the profile and the cached token, so they never load it.
 */
export async function openConfigStore(env: NodeJS.ProcessEnv): Promise<ConfigStore> {
  const path = configPath(env);
  let conf: { store: ConfigShape } | undefined;
  let snapshot: ConfigShape | undefined;
  const read = (): ConfigShape => {
    snapshot ??= readConfigFile(path);
    return snapshot;
  };
  // The folder and the file hold client secrets and tokens: 0700 and 0600 whatever the umask (conf creates the
  // folder with mkdir's default, 0777 less the umask) or earlier versions did.
  const secure = () => {
    try {
      chmodSync(dirname(path), 0o700);
      chmodSync(path, 0o600);
    } catch {
      // not created yet: the first write creates it
    }
  };
  /** One whole-file write of a change to what the file holds now (another process may have written since). */
  const update = async (change: (current: ConfigShape) => ConfigShape) => {
    if (!conf) {
      const { default: Conf } = await import('conf');
      conf = new Conf<ConfigShape>({
        projectName: 'condo',
        projectSuffix: '',
        configName: 'config',
        cwd: dirname(path),
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        defaults: { profiles: {}, tokens: {} },
      });
    }
    conf.store = change(conf.store);
    snapshot = conf.store;
    secure();
  };
  const without = <T>(record: Record<string, T>, key: string) => {
    const { [key]: _removed, ...rest } = record;
    return rest;
  };
  return {
    path,
    currentProfile: () => read().current_profile,
    useProfile: (name) => update((c) => ({ ...c, current_profile: name })),
    profile: (name) => read().profiles[name],
    profiles: () => read().profiles,
    saveProfile: (name, profile) => update((c) => ({ ...c, profiles: { ...c.profiles, [name]: profile } })),
    deleteProfile: (name) =>
      update(({ current_profile, ...c }) => ({
        ...c,
        ...(current_profile !== undefined && current_profile !== name ? { current_profile } : {}),
        profiles: without(c.profiles, name),
        tokens: without(c.tokens, profileTokenKey(name)),
      })),
    token: (key) => read().tokens[key],
    saveToken: (key, token) => update((c) => ({ ...c, tokens: { ...c.tokens, [key]: token } })),
    deleteToken: async (key) => {
      if (key in read().tokens) await update((c) => ({ ...c, tokens: without(c.tokens, key) }));
    },
  };
}

/** The file as conf would read it: absent is empty; a file that is not a JSON object is an error naming it. */
function readConfigFile(path: string): ConfigShape {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {}, tokens: {} };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new Error(
      `the config file ${path} is not valid JSON (${(error as Error).message}); fix or remove it`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`the config file ${path} is not a JSON object; fix or remove it`);
  const shape = parsed as Partial<ConfigShape>;
  return { ...shape, profiles: shape.profiles ?? {}, tokens: shape.tokens ?? {} } as ConfigShape;
}

export function profileTokenKey(profile: string): string {
  return `profile:${profile}`;
}
