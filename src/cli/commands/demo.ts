import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '../../domain/errors.js';
import type { Text } from '../../domain/text.js';
import type { Deps } from '../context.js';
import { billingChapter } from '../demo/billing.js';
import { documentChapter, FIRM, firmChapter } from '../demo/firm.js';
import { nfseChapter } from '../demo/nfse.js';
import { payablesChapter, preflightChapter } from '../demo/payables.js';
import { ddaChapter, remittanceChapter } from '../demo/remittance.js';
import { receivablesChapter, statementChapter } from '../demo/statements.js';
import { type PayableStep, type Story, session } from '../demo/story.js';
import { paint, writeLine } from '../io.js';
import { wrapMessage } from '../output.js';

/**
 * `condo demo`: a sandbox on a free port with a throw-away data dir and config, and the payable lifecycle run
 * through the real CLI, each step printed as the command a person would type. Its chapters are in ../demo/.
 */
export async function demo(deps: Deps): Promise<number> {
  const { io } = deps;
  const root = await mkdtemp(join(tmpdir(), 'condo-demo-'));
  const env: NodeJS.ProcessEnv = {
    ...io.env,
    CONDO_CONFIG_DIR: join(root, 'config'),
    CONDO_PROFILE: 'demo',
    // a sandbox's public seed secret in a folder removed at the end: the file, never the user's keyring (#56)
    CONDO_SECRET_STORE: 'file',
    // the steps speak the demo's language, however it was chosen (--lang is not in their arguments)
    CONDO_LANG: deps.t.lang,
  };
  for (const k of ['CONDO_BASE_URL', 'CONDO_CONDOMINIUM', 'CONDO_CLIENT_ID', 'CONDO_CLIENT_SECRET'])
    delete env[k];
  // the temporary folder goes whatever happens after it exists: a sandbox that cannot start included
  let sandbox: Awaited<ReturnType<typeof import('../../sandbox/index.js').startSandbox>> | undefined;
  try {
    const { startSandbox } = await import('../../sandbox/index.js');
    sandbox = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      dataDir: join(root, 'sandbox'),
      // the two seeded condominiums and three of an accounting firm's, for the firm's chapter
      condominiums: 2 + FIRM.length,
    });
    const me = sandbox.clients.find((c) => c.name === 'default');
    if (!me)
      throw new ApiError({
        en: 'the sandbox has no default client',
        pt: 'o sandbox não tem o cliente padrão',
      });
    const s = session(deps, env);
    const createPayable = (title: Text, p: PayableStep) =>
      s.show(title, [
        'payables',
        'create',
        ...(p.supplier ? ['--supplier', String(p.supplier.id)] : ['--payee', p.payee ?? '']),
        '--chart-account',
        String(p.account?.id),
        '--amount',
        p.amount,
        '--method',
        p.method,
        '--due',
        p.due,
        ...(p.document ? ['--document', p.document] : []),
        '--description',
        p.description,
      ]);
    writeLine(
      io.stdout,
      paint(
        io,
        'bold',
        deps.t({
          en: 'condo demo: a month of condominium payables against a local sandbox',
          pt: 'condo demo: um mês de contas a pagar de um condomínio, contra um sandbox local',
        }),
      ),
    );
    writeLine(
      io.stdout,
      wrapMessage(
        io,
        deps.t({
          en: `Sandbox running at ${sandbox.baseUrl} (condominium ${me.condominium}); nothing here touches a real bank.`,
          pt: `Sandbox rodando em ${sandbox.baseUrl} (condomínio ${me.condominium}); nada aqui toca um banco de verdade.`,
        }),
        io.stdout,
      ),
    );

    await s.show(
      {
        en: 'Log in with the sandbox client (the secret comes from stdin, never from a flag)',
        pt: 'Entrar com o cliente do sandbox (o segredo vem do stdin, nunca de uma opção)',
      },
      [
        'auth',
        'login',
        '--base-url',
        sandbox.baseUrl,
        '--condominium',
        me.condominium,
        '--client-id',
        me.client_id,
        '--client-secret-stdin',
        '--no-input',
      ],
      { stdin: me.client_secret },
    );
    await s.show({ en: 'Who am I', pt: 'Quem sou eu' }, ['auth', 'status']);
    const story: Story = { deps, io, s, root, createPayable };
    const cast = await payablesChapter(story);
    await ddaChapter(story);
    await remittanceChapter(story, cast);
    await preflightChapter(story, cast, me.client_id);
    await receivablesChapter(story, await statementChapter(story));
    await nfseChapter(story);
    await billingChapter(story);

    await firmChapter(deps, s, root);
    await documentChapter(story);

    writeLine(io.stdout, '');
    writeLine(
      io.stdout,
      paint(
        io,
        'green',
        wrapMessage(
          io,
          deps.t({
            en: 'Demo finished: sandbox stopped, temporary data and config removed.',
            pt: 'Demonstração concluída: sandbox parado, dados e configuração temporários removidos.',
          }),
          io.stdout,
        ),
      ),
    );
    return 0;
  } finally {
    await sandbox?.close().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  }
}
