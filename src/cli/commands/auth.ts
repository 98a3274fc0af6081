import { accessToken, tryCredentials } from '../../app/session.js';
import type { ConfigStore } from '../../config/store.js';
import { AuthError, CondoError, UsageError } from '../../domain/errors.js';
import { SCOPES } from '../../domain/scopes.js';
import type { Deps } from '../context.js';
import { REQUIRED } from '../fields.js';
import { readInput } from '../files.js';
import { printJson, printRecord } from '../output.js';
import { keepLogin, placedLines } from '../secret-place.js';

const ALL_SCOPES: readonly string[] = SCOPES;

export interface LoginOptions {
  condominium?: string;
  clientId?: string;
  clientSecretStdin?: boolean;
  secretStore?: string;
  scopes?: string;
}

function parseScopes(text: string | undefined): string[] | undefined {
  const scopes = (text ?? '').split(/[\s,]+/).filter(Boolean);
  if (scopes.length === 0) return undefined;
  const unknown = scopes.filter((s) => !ALL_SCOPES.includes(s));
  if (unknown.length > 0)
    throw new UsageError({
      en: `--scopes: unknown scope ${unknown.join(', ')}`,
      pt: `--scopes: escopo desconhecido ${unknown.join(', ')}`,
    });
  return scopes;
}

/** Logs in: asks (on a TTY) or reads flags, proves the credentials by fetching a token, then saves the profile. */
export async function login(deps: Deps, opts: LoginOptions): Promise<number> {
  const { io, globals } = deps;
  const store = await deps.config();
  const profileName = globals.profile ?? io.env.CONDO_PROFILE ?? 'default';
  const { secretStoreChoice } = await import('../../config/secrets.js');
  const wanted = opts.secretStore
    ? secretStoreChoice(opts.secretStore, '--secret-store')
    : secretStoreChoice(io.env.CONDO_SECRET_STORE, 'CONDO_SECRET_STORE');
  const previous = store.profile(profileName);
  const ask = await deps.prompter();

  let baseUrl = globals.baseUrl ?? io.env.CONDO_BASE_URL;
  let condominium = opts.condominium ?? io.env.CONDO_CONDOMINIUM;
  let clientId = opts.clientId ?? io.env.CONDO_CLIENT_ID;
  let scopes = parseScopes(opts.scopes);
  let secret = opts.clientSecretStdin
    ? (await readInput(io, '-', '--client-secret-stdin')).toString('utf8').trim()
    : io.env.CONDO_CLIENT_SECRET;
  if (opts.clientSecretStdin && !secret)
    throw new UsageError({
      en: '--client-secret-stdin: nothing was read from stdin',
      pt: '--client-secret-stdin: nada foi lido da entrada padrão',
    });

  if (ask) {
    const required = (v: string) => (v.trim() ? true : REQUIRED);
    baseUrl ??= await ask.text(
      { en: 'API base URL', pt: 'URL base da API' },
      { default: previous?.base_url ?? 'http://127.0.0.1:4010' },
    );
    // where to find it, said before it is asked (#66): a slug is no word a newcomer knows
    if (condominium === undefined)
      deps.info(
        {
          en: "The condominium's slug is its name in the API's addresses (as residencial-jardim-botanico), given with the client's credentials; the sandbox's: condo sandbox credentials",
          pt: 'O slug do condomínio é o nome dele nos endereços da API (como residencial-jardim-botanico), dado com as credenciais do cliente; os do sandbox: condo sandbox credentials',
        },
        true,
      );
    condominium ??= await ask.text(
      { en: 'Condominium (slug)', pt: 'Condomínio (slug)' },
      {
        validate: (v) =>
          !v.trim()
            ? required(v)
            : /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v.trim())
              ? true
              : {
                  en: 'a slug is lower-case letters, digits and hyphens, as residencial-jardim-botanico',
                  pt: 'um slug tem letras minúsculas, dígitos e hífens, como residencial-jardim-botanico',
                },
        ...(previous?.condominium ? { default: previous.condominium } : {}),
      },
    );
    clientId ??= await ask.text(
      { en: 'Client id', pt: 'Id do cliente' },
      { validate: required, default: previous?.client_id },
    );
    secret ??= await ask.secret({ en: 'Client secret', pt: 'Segredo do cliente' });
    if (!opts.scopes) {
      scopes = parseScopes(
        await ask.text(
          {
            en: 'Scopes (space-separated, empty for all the client has)',
            pt: 'Escopos (separados por espaço; vazio para todos os do cliente)',
          },
          { default: '' },
        ),
      );
    }
  }
  const missing = [
    ['--base-url', baseUrl],
    ['--condominium', condominium],
    ['--client-id', clientId],
    ['--client-secret-stdin', secret],
  ].filter(([, v]) => !v);
  if (missing.length > 0) {
    throw new UsageError({
      en: `missing ${missing.map(([f]) => f).join(', ')} (or run on a terminal to be asked)`,
      pt: `falta ${missing.map(([f]) => f).join(', ')} (ou rode num terminal para que seja perguntado)`,
    });
  }
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl as string))
    throw new UsageError({
      en: `--base-url: "${baseUrl}" is not an http(s) URL`,
      pt: `--base-url: "${baseUrl}" não é uma URL http(s)`,
    });

  const profile = {
    base_url: (baseUrl as string).replace(/\/+$/, ''),
    condominium: condominium as string,
    client_id: clientId as string,
    ...(scopes ? { scopes } : {}),
  };
  const { token, condominiumName: name } = await tryCredentials({
    baseUrl: profile.base_url,
    condominium: profile.condominium,
    clientId: profile.client_id,
    clientSecret: secret as string,
    ...(scopes ? { scopes } : {}),
    ...(deps.debug ? { debug: deps.debug } : {}),
  });
  // a login replaces the profile; one of a sandbox stays one when it is that sandbox's again (its secret in the file)
  const sameSandbox =
    previous?.sandbox && previous.base_url === profile.base_url
      ? {
          sandbox: true,
          ...(previous.sandbox_data_dir ? { sandbox_data_dir: previous.sandbox_data_dir } : {}),
        }
      : {};
  const placed = await keepLogin(deps, profileName, {
    profile: { ...profile, ...sameSandbox, ...(name ? { condominium_name: name } : {}) },
    secret: secret as string,
    token,
    wanted,
  });
  // Logging in to a second profile must not silently move every later command to it.
  const wasCurrent = store.currentProfile();
  const current = !wasCurrent || wasCurrent === profileName;
  if (current) await store.useProfile(profileName);
  if (deps.format === 'json') {
    printJson(deps, {
      profile: profileName,
      current,
      base_url: profile.base_url,
      condominium: profile.condominium,
      client_id: profile.client_id,
      scopes: token.scope,
      secret_store: placed.place,
    });
  } else {
    const where = `${profile.base_url} as ${profile.client_id} (condominium ${profile.condominium})`;
    const onde = `${profile.base_url} como ${profile.client_id} (condomínio ${profile.condominium})`;
    deps.info(
      current
        ? {
            en: `Logged in to ${where}; profile "${profileName}" is now current.`,
            pt: `Conectado a ${onde}; o perfil "${profileName}" agora é o atual.`,
          }
        : {
            en: `Logged in to ${where}; profile "${profileName}" saved; the current profile is still "${wasCurrent}" (condo config use ${profileName} to switch).`,
            pt: `Conectado a ${onde}; perfil "${profileName}" gravado; o atual continua "${wasCurrent}" (condo config use ${profileName} para trocar).`,
          },
    );
    deps.info({ en: `Scopes: ${token.scope.join(' ')}`, pt: `Escopos: ${token.scope.join(' ')}` });
    for (const line of placedLines(placed, profileName)) deps.info(line, true);
  }
  return 0;
}

/** Who am I: the profile in use and whether its credentials work (exit 3 when they do not). */
export async function status(deps: Deps): Promise<number> {
  const creds = await deps.credentials();
  const store = await deps.config();
  let token: Awaited<ReturnType<typeof accessToken>> | undefined;
  let problem: CondoError | undefined;
  try {
    token = await deps.app(accessToken);
  } catch (error) {
    if (!(error instanceof CondoError)) throw error;
    problem = error;
  }
  const view = {
    profile: creds.profileName ?? '(environment)',
    base_url: creds.baseUrl,
    condominium: creds.condominium,
    client_id: creds.clientId,
    scopes: token?.scope ?? creds.scopes ?? [],
    token_expires_at: token ? new Date(token.expires_at).toISOString() : null,
    usable: Boolean(token),
    problem: problem ? problem.message : null,
    ...secretView(deps, creds.profileName, store),
  };
  printRecord(deps, view, [
    { header: { en: 'profile', pt: 'perfil' }, value: (v) => v.profile },
    { header: { en: 'base_url', pt: 'servidor' }, value: (v) => v.base_url },
    { header: { en: 'condominium', pt: 'condomínio' }, value: (v) => v.condominium },
    { header: { en: 'client_id', pt: 'cliente' }, value: (v) => v.client_id },
    { header: { en: 'scopes', pt: 'escopos' }, value: (v) => v.scopes.join(' ') },
    // where the secret is: its place a word (translated on a terminal only, as every word), then the store or file
    { header: { en: 'secret', pt: 'segredo' }, value: (v) => v.secret_store, words: true },
    { header: { en: 'secret_where', pt: 'segredo em' }, value: (v) => v.secret_where },
    {
      header: { en: 'token_expires_at', pt: 'token expira em' },
      value: (v) => v.token_expires_at,
      kind: 'instant',
    },
    {
      header: { en: 'usable', pt: 'utilizável' },
      // why not follows as the error line
      value: (v) => (v.usable ? 'yes' : 'no'),
      words: true,
    },
  ]);
  if (problem)
    throw problem instanceof AuthError ? problem : new AuthError(problem.message, { code: problem.code });
  return 0;
}

/** Where the secret in use lives: the environment, the keyring (named) or the private file (its path). */
function secretView(deps: Deps, profile: string | undefined, store: ConfigStore) {
  if (deps.io.env.CONDO_CLIENT_SECRET || !profile)
    return { secret_store: 'environment' as const, secret_where: 'CONDO_CLIENT_SECRET' };
  const placed = store.secretPlace(profile);
  return { secret_store: placed.place, secret_where: deps.t(placed.where) };
}

/** A valid access token on stdout, for scripts (`curl -H "Authorization: Bearer $(condo auth token)"`). */
export async function token(deps: Deps): Promise<number> {
  const t = await deps.app(accessToken);
  deps.io.stdout.write(`${t.access_token}\n`);
  return 0;
}

export async function logout(deps: Deps): Promise<number> {
  const store = await deps.config();
  const name = deps.globals.profile ?? deps.io.env.CONDO_PROFILE ?? store.currentProfile();
  if (!name || !store.profile(name))
    throw new UsageError({
      en: `no profile${name ? ` "${name}"` : ''} to log out of`,
      pt: `não há perfil${name ? ` "${name}"` : ''} de onde sair`,
    });
  const { place } = store.secretPlace(name);
  await store.deleteProfile(name);
  deps.info(
    place === 'keyring'
      ? {
          en: `Logged out: profile "${name}", its secret and its cached token removed (the keyring's entries too).`,
          pt: `Saiu: perfil "${name}", seu segredo e o token guardado removidos (as entradas do chaveiro também).`,
        }
      : {
          en: `Logged out: profile "${name}" and its cached token removed.`,
          pt: `Saiu: perfil "${name}" e o token guardado removidos.`,
        },
  );
  return 0;
}
