import type { SecretPlacement, SecretStoreChoice } from '../config/secrets.js';
import type { Profile, StoredToken } from '../config/store.js';
import type { Text } from '../domain/text.js';
import type { Deps } from './context.js';

/**
 * Where `auth login` and `config migrate-secrets` put a secret, as a person reads it (#56). A keyring that refused
 * (locked, its prompt dismissed) is offered the private file: asked on a terminal, said in the error elsewhere;
 * until then nothing is written.
 */
export async function keepLogin(
  deps: Deps,
  name: string,
  login: { profile: Profile; secret: string; token: StoredToken; wanted: SecretStoreChoice },
): Promise<SecretPlacement> {
  const store = await deps.config();
  const { KeyringRefusedError } = await import('../config/secrets.js');
  try {
    return await store.saveLogin(name, login.profile, login.secret, login.token, login.wanted);
  } catch (error) {
    if (!(error instanceof KeyringRefusedError) || login.wanted === 'keyring') throw error;
    const ask = await deps.prompter();
    const offer: Text = {
      en: `keep it in the private file ${store.path} instead (readable by you only)`,
      pt: `guardá-lo no arquivo privado ${store.path} (legível só por você)`,
    };
    const said = error.text ?? { en: error.message, pt: error.message };
    if (!ask)
      throw new KeyringRefusedError(
        {
          en: `${said.en}; unlock it and run again, or add --secret-store file to ${offer.en}`,
          pt: `${said.pt}; desbloqueie-o e rode de novo, ou acrescente --secret-store file para ${offer.pt}`,
        },
        error.code ? { code: error.code } : {},
      );
    deps.warn(said);
    const yes = await ask.confirm({ en: `${capital(offer.en)}?`, pt: `${capital(offer.pt)}?` }, false);
    if (!yes) throw error;
    return store.saveLogin(name, login.profile, login.secret, login.token, 'file');
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The line that says where the secret went; the fallback's reason said once per profile. */
export function placedLines(placed: SecretPlacement, profile: string): Text[] {
  const lines: Text[] = [];
  if (placed.place === 'keyring')
    lines.push({
      en: `Client secret and token kept in the system keyring (${placed.where.en}).`,
      pt: `Segredo do cliente e token guardados no chaveiro do sistema (${placed.where.pt}).`,
    });
  else if (placed.fallback?.say)
    lines.push({
      en: `No system keyring answered (${placed.fallback.why}): the client secret of profile "${profile}" is kept in the private file ${placed.where.en}, readable by you only. Said once for this profile; condo config migrate-secrets moves it once a keyring answers.`,
      pt: `Nenhum chaveiro do sistema respondeu (${placed.fallback.why}): o segredo do cliente do perfil "${profile}" fica no arquivo privado ${placed.where.pt}, legível só por você. Dito uma vez para este perfil; condo config migrate-secrets o move quando um chaveiro responder.`,
    });
  else if (!placed.fallback)
    lines.push({
      en: `Client secret kept in the private file ${placed.where.en}.`,
      pt: `Segredo do cliente guardado no arquivo privado ${placed.where.pt}.`,
    });
  if (placed.leftInKeyring)
    lines.push({
      en: `The old keyring entry (service condo, account ${placed.leftInKeyring}) could not be deleted: remove it with your keyring's own tool.`,
      pt: `A entrada antiga do chaveiro (serviço condo, conta ${placed.leftInKeyring}) não pôde ser apagada: remova-a com a ferramenta do seu chaveiro.`,
    });
  return lines;
}
