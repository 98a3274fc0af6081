import { join } from 'node:path';
import { chapter, type Json, type Story } from './story.js';

/**
 * The month's service invoices (#55): the sandbox plays five suppliers, `nfse check` works out what the
 * condominium withholds from each and finds the one that declared it wrong, `nfse import` makes the payables (the
 * supplier's net, each tax's month), `nfse deadlines` says when each is due, and the cleaning firm is paid.
 */
export async function nfseChapter(story: Story): Promise<void> {
  const { deps, s, root } = story;
  chapter(deps, {
    en: 'Service invoices (NFS-e): the withholdings worked out, checked and due on the right day',
    pt: 'Notas de serviço (NFS-e): as retenções calculadas, conferidas e vencendo no dia certo',
  });
  const folder = join(root, 'notas');
  await s.show(
    {
      en: "Play the suppliers: this month's NFS-e, one case of the rules each",
      pt: 'Fazer o papel dos fornecedores: as NFS-e do mês, um caso das regras cada',
    },
    ['sandbox', 'nfse', '--data-dir', join(root, 'sandbox'), '-O', folder],
  );
  await s.show(
    {
      en: 'Check them offline: INSS, PIS/COFINS/CSLL and ISS as the rules give them, against what each declares',
      pt: 'Conferir sem rede: INSS, PIS/COFINS/CSLL e ISS como as regras dão, contra o que cada nota declara',
    },
    ['nfse', 'check', folder],
    { expectExit: 1 },
  );
  // the chart account of the invoices' payables and their taxes, the gardener's and the MEI's new supplier's too
  const chart = ['--chart-account', '2.3.02'];
  await s.show(
    {
      en: "Import them: each supplier's net, each tax's month (the gardener's with the rules' CSLL, a new supplier for the MEI)",
      pt: 'Importar: o líquido de cada fornecedor, o mês de cada tributo (a do jardineiro com a CSLL das regras, um fornecedor novo para o MEI)',
    },
    ['nfse', 'import', folder, '--create-suppliers', '--accept-computed', ...chart, '--due', '+5d'],
  );
  // the same again, as tomorrow's cron would: a replay, which names each invoice's payable
  const imported = await s.json<{ invoices: Json[] }>(['nfse', 'import', folder, ...chart]);
  await s.show(
    {
      en: "The month's withholdings and declarations, by date",
      pt: 'As retenções e declarações do mês, por data',
    },
    ['nfse', 'deadlines', '--month', deps.today().slice(0, 7)],
  );
  const cleaning = imported.invoices.find((l) => String(l.file).endsWith('limpeza.xml'));
  const id = String(cleaning?.payable_id);
  await s.quiet(['payables', 'mark', id]);
  const batch = await s.json<Json>(['batches', 'create', '--date', 'next-business-day', '--yes']);
  const rem = join(root, 'nfse-limpeza.rem');
  const ret = join(root, 'nfse-limpeza.ret');
  await s.quiet(['batches', 'download', String(batch.public_id), '-O', rem]);
  await s.quiet(['sandbox', 'bank-return', rem, '-O', ret, '--as-of', '+10d']);
  await s.show(
    {
      en: "Pay the cleaning firm its net (a batch of its own, the bank's return imported): paid",
      pt: 'Pagar o líquido à empresa de limpeza (um lote só dela, o retorno do banco importado): paga',
    },
    ['batches', 'import-return', ret],
  );
  await s.show({ en: 'The payable, and the invoice it pays', pt: 'A conta, e a nota que ela paga' }, [
    'payables',
    'show',
    id,
  ]);
}
