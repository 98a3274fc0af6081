import { chmodSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The profile store (conf): named profiles, the current profile, and a token cache. `CONDO_CONFIG_DIR` moves
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
  useProfile(name: string): void;
  profile(name: string): Profile | undefined;
  profiles(): Record<string, Profile>;
  saveProfile(name: string, profile: Profile): void;
  deleteProfile(name: string): void;
  token(key: string): StoredToken | undefined;
  saveToken(key: string, token: StoredToken): void;
  deleteToken(key: string): void;
}

export async function openConfigStore(env: NodeJS.ProcessEnv): Promise<ConfigStore> {
  const { default: Conf } = await import('conf');
  const conf = new Conf<ConfigShape>({
    projectName: 'condo',
    projectSuffix: '',
    configName: 'config',
    ...(env.CONDO_CONFIG_DIR ? { cwd: env.CONDO_CONFIG_DIR } : {}),
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    defaults: { profiles: {}, tokens: {} },
  });
  // The folder and the file hold client secrets and tokens: 0700 and 0600 whatever the umask (conf creates the
  // folder with mkdir's default, 0777 less the umask) or earlier versions did.
  const secure = () => {
    try {
      chmodSync(dirname(conf.path), 0o700);
      chmodSync(conf.path, 0o600);
    } catch {
      // not created yet: the first write creates it
    }
  };
  secure();
  const write = <K extends keyof ConfigShape>(key: K, value: ConfigShape[K]) => {
    conf.set(key, value);
    secure();
  };
  const read = () => conf.store;
  return {
    path: conf.path,
    currentProfile: () => read().current_profile,
    useProfile: (name) => write('current_profile', name),
    profile: (name) => read().profiles[name],
    profiles: () => read().profiles,
    saveProfile: (name, profile) => write('profiles', { ...read().profiles, [name]: profile }),
    deleteProfile: (name) => {
      const { [name]: _removed, ...rest } = read().profiles;
      write('profiles', rest);
      const tokens = { ...read().tokens };
      delete tokens[profileTokenKey(name)];
      write('tokens', tokens);
      if (read().current_profile === name) conf.delete('current_profile');
    },
    token: (key) => read().tokens[key],
    saveToken: (key, token) => write('tokens', { ...read().tokens, [key]: token }),
    deleteToken: (key) => {
      const tokens = { ...read().tokens };
      delete tokens[key];
      write('tokens', tokens);
    },
  };
}

export function profileTokenKey(profile: string): string {
  return `profile:${profile}`;
}
