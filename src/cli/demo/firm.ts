/**
 * The demo's document and firm chapters: the month's prestação de contas as PDF and HTML, and three condominiums
 * of one administradora read at once.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Deps } from '../context.js';
import { paint, writeLine } from '../io.js';
import { wrapMessage } from '../output.js';
import { chapter, type Json, type Session, type Story } from './story.js';

/**
 * #36: the month as a document, the prestação de contas the síndico signs: one PDF, kept after the demo (outside
 * its temporary folder) so it can be opened.
 */
export async function documentChapter(story: Story): Promise<void> {
  const { deps, io, s } = story;
  chapter(deps, {
    en: 'The month as a document: the prestação de contas the síndico signs and the council reviews',
    pt: 'O mês como documento: a prestação de contas que o síndico assina e o conselho examina',
  });
  const month = deps.today().slice(0, 7);
  const file = join(tmpdir(), `condo-demo-prestacao-${month}.pdf`);
  await s.show(
    {
      en: "The month's document, in Portuguese: summary, revenue, each payment, defaulters, charts, signatures",
      pt: 'O documento do mês: resumo, receitas, cada pagamento, inadimplência, gráficos, assinaturas',
    },
    ['report', 'month', month, '--pdf', file, '--force'],
  );
  writeLine(
    io.stdout,
    wrapMessage(io, paint(io, 'bold', deps.t({ en: `Open it: ${file}`, pt: `Abra-o: ${file}` })), io.stdout),
  );
}

/** The firm's three condominiums in the demo sandbox (seed/firm.ts names the nth one). */
export const FIRM = ['edificio-ipe-amarelo', 'residencial-bela-vista', 'edificio-solar-das-palmeiras'];

/**
 * An accounting firm's morning: a profile per condominium, a folder of the bank's files named with nothing but
 * dates, all of it in with one command (and again, changing nothing), then the month per condominium.
 */
export async function firmChapter(deps: Deps, s: Session, root: string): Promise<void> {
  const { io } = deps;
  chapter(deps, {
    en: "The accounting firm: three condominiums, one folder of the bank's files, one command",
    pt: 'A administradora: três condomínios, uma pasta com os arquivos do banco, um comando',
  });
  const dataDir = join(root, 'sandbox');
  await s.show(
    {
      en: 'One profile per condominium the firm keeps',
      pt: 'Um perfil para cada condomínio da administradora',
    },
    ['sandbox', 'credentials', '--write-profiles', '--data-dir', dataDir],
  );
  // Each condominium pays its PIX and TED bills; the bank answers with a return, and sends the statement.
  const inbox = join(root, 'banco');
  await mkdir(inbox);
  const day = deps.today();
  for (const [i, profile] of FIRM.entries()) {
    const as = ['--profile', profile];
    const due = await s.json<Json[]>([...as, 'payables', 'list', '--method', 'pix,ted']);
    await s.json([...as, 'payables', 'mark', ...due.map((p) => String(p.public_id))]);
    if (i === 0)
      await s.show(
        {
          en: 'With 50 profiles, a write names its target: the preview says which condominium, profile and server, and what deserves a second look (a bill paid long before it is due)',
          pt: 'Com 50 perfis, uma gravação diz onde grava: a prévia mostra condomínio, perfil e servidor, e o que merece um segundo olhar (uma conta paga muito antes do vencimento)',
        },
        [...as, 'batches', 'create', '--dry-run', '--date', 'next-business-day'],
      );
    const batch = await s.json<Json>([...as, 'batches', 'create', '--date', 'next-business-day', '--yes']);
    const rem = join(root, `${profile}.rem`);
    await s.quiet([...as, 'batches', 'download', String(batch.public_id), '-O', rem]);
    await s.quiet(['sandbox', 'bank-return', rem, '-O', join(inbox, `${day}-${i + 1}.ret`)]);
    await s.quiet([
      'sandbox',
      'statement',
      '--condominium',
      profile,
      '--data-dir',
      dataDir,
      '-O',
      join(inbox, `${day}-${i + 1}.ofx`),
    ]);
  }
  const files = (await readdir(inbox)).sort().map((f) => join(inbox, f));
  writeLine(io.stdout, '');
  writeLine(
    io.stdout,
    deps.t({
      en: `The bank's portal handed back ${files.length} files: ${files.map((f) => basename(f)).join(' ')}`,
      pt: `O portal do banco devolveu ${files.length} arquivos: ${files.map((f) => basename(f)).join(' ')}`,
    }),
  );
  const profiles = ['--profiles', FIRM.join(',')];
  await s.show(
    {
      en: 'Each file by its content into its condominium, batch or account',
      pt: 'Cada arquivo, pelo conteúdo, no seu condomínio, lote ou conta',
    },
    [...profiles, 'import', ...files],
  );
  await s.show(
    {
      en: 'The same folder again (cron, or a second click): replayed, nothing changes',
      pt: 'A mesma pasta de novo (cron, ou um segundo clique): repetido, nada muda',
    },
    [...profiles, '--quiet', 'import', ...files],
  );
  await s.show(
    { en: 'The month per condominium, for the councils', pt: 'O mês de cada condomínio, para os conselhos' },
    [...profiles, 'report', 'month'],
  );
  await s.show(
    { en: 'And every building that has units behind', pt: 'E cada prédio que tem unidades em atraso' },
    ['--all-profiles', 'defaulters'],
  );
}
