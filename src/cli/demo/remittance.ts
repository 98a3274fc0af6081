/**
 * The demo's remittance chapters: the monthly run from payables to the bank's return and the ledger, and the
 * bank's DDA.
 */
import { join } from 'node:path';
import { buildBoleto } from '../../domain/boleto/index.js';
import { addDays, formatDateBr } from '../../domain/dates.js';
import { paint, writeLine } from '../io.js';
import { type Cast, chapter, heading, type Json, type Story } from './story.js';

/** The monthly run: more bills, a boleto, the batch and its file, the bank's return, what it paid and rejected. */
export async function remittanceChapter(story: Story, cast: Cast): Promise<void> {
  const { deps, s, createPayable } = story;
  const { supplier, account, withBank, elevator } = cast;
  chapter(deps, {
    en: 'The monthly remittance run: payables -> CNAB 240 file -> bank return -> ledger',
    pt: 'A remessa do mês: contas a pagar -> arquivo CNAB 240 -> retorno do banco -> razão',
  });
  const boleto = (bankCode: string, cents: number) =>
    buildBoleto({
      bankCode,
      dueDate: addDays(deps.today(), 10),
      amountCents: cents,
      freeField: '1090000123400012345678000',
    }).linhaDigitavel;
  const withDoc = supplier(/administra/i, (x) => Boolean(x.document && x.bank));
  const gardener = supplier(/jardin|paisag/i, (x) => Boolean(x.document && x.bank));
  const admin = account(/administradora/i);
  const garden = account(/jardinagem/i);
  await createPayable(
    {
      en: 'A boleto of the paying bank (Itaú), with its linha digitável',
      pt: 'Um boleto do próprio banco pagador (Itaú), pela linha digitável',
    },
    {
      supplier: withDoc,
      account: admin,
      amount: '2.980,00',
      method: 'boleto',
      due: '+10d',
      document: boleto('341', 298000),
      description: 'Taxa de administração',
    },
  );
  await createPayable(
    { en: 'A boleto of another bank (Bradesco)', pt: 'Um boleto de outro banco (Bradesco)' },
    {
      supplier: withBank,
      account: elevator,
      amount: '740,00',
      method: 'boleto',
      due: '+10d',
      document: boleto('237', 74000),
      description: 'Peças do elevador',
    },
  );
  await createPayable(
    { en: 'A TED to the gardener', pt: 'Uma TED para o jardineiro' },
    {
      supplier: gardener,
      account: garden,
      amount: '1.200,00',
      method: 'ted',
      due: '+7d',
      description: 'Jardinagem do mês',
    },
  );
  await s.show(
    {
      en: "The month's water bill: a payee name and its barcode, no supplier or CPF/CNPJ (a utility bill is paid by its arrecadação code, segment O)",
      pt: 'A conta de água do mês: um favorecido e seu código de barras, sem fornecedor nem CPF/CNPJ (uma conta de consumo se paga pelo código de arrecadação, segmento O)',
    },
    ['payables', 'list', '--search', 'Sabesp'],
  );
  const rejected = await s.json<Json[]>(['payables', 'list', '--rejected']);
  const gardenBill = rejected[0];
  if (gardenBill) {
    await s.show(
      {
        en: "Last remittance's rejection, still waiting (the seed's)",
        pt: 'A rejeição da última remessa, ainda à espera (a da semente)',
      },
      ['payables', 'list', '--rejected'],
    );
    await s.show(
      {
        en: 'Why: the payable with its batches and what the bank said',
        pt: 'Por quê: a conta com seus lotes e o que o banco disse',
      },
      ['payables', 'show', String(gardenBill.public_id).slice(-6)],
    );
    if (gardenBill.supplier_id)
      await s.show(
        {
          en: "Correct the supplier's account the bank refused",
          pt: 'Corrigir a conta do fornecedor que o banco recusou',
        },
        ['suppliers', 'update', String(gardenBill.supplier_id), '--agency', '0001', '--account', '9384756-1'],
      );
  }
  await remittanceRun(story, gardener);
}

/**
 * The run itself: mark what goes by bank, generate and download the file, play the bank (the gardener's TED
 * rejected), import its returns twice and on the payment date, and read the batch and the ledger after.
 */
async function remittanceRun(story: Story, gardener: ReturnType<Cast['supplier']>): Promise<void> {
  const { deps, io, s, root } = story;
  const pendingNow = await s.json<Json[]>(['payables', 'list', '--state', 'pending', '--all']);
  // cash and cheques are paid outside the bank file
  const toMark = pendingNow
    .filter((p) => ['pix', 'ted', 'doc', 'boleto'].includes(String(p.forma_pagamento)))
    .map((p) => String(p.public_id));
  await s.show(
    {
      en: 'Mark everything pending that goes by bank (the corrected one again too)',
      pt: 'Marcar tudo o que está pendente e vai pelo banco (a corrigida também, de novo)',
    },
    ['payables', 'mark', ...toMark],
  );
  const batch = await s.json<Json>(['batches', 'create', '--date', 'next-business-day', '--yes']);
  heading(deps, '▸', {
    en: 'Generate the payment batch: one CNAB 240 file with every marked payable',
    pt: 'Gerar o lote de pagamentos: um arquivo CNAB 240 com todas as contas marcadas',
  });
  writeLine(io.stdout, paint(io, 'cyan', '  $ condo batches create --date next-business-day'));
  writeLine(
    io.stdout,
    deps.t({
      en: `batch ${batch.public_id}: ${batch.payables_count} payables, file ${batch.file_name} (NSA ${batch.file_sequence})`,
      pt: `lote ${batch.public_id}: ${batch.payables_count} contas, arquivo ${batch.file_name} (NSA ${batch.file_sequence})`,
    }),
  );
  const batchId = String(batch.public_id);
  const rem = join(root, String(batch.file_name ?? 'lote.rem'));
  const ret = rem.replace(/\.rem$/, '.ret');
  await s.show(
    {
      en: 'Download the remittance (streamed to a temporary file, renamed when complete)',
      pt: 'Baixar a remessa (gravada num arquivo temporário, renomeado quando completo)',
    },
    ['batches', 'download', batchId, '-O', rem],
  );
  await s.show(
    {
      en: 'Check the file by eye before sending it to the bank',
      pt: 'Conferir o arquivo antes de enviá-lo ao banco',
    },
    ['cnab', 'inspect', rem],
  );
  const gardens = (await s.json<Json[]>(['payables', 'list', '--state', 'in_batch', '--all'])).find(
    (p) => p.forma_pagamento === 'ted' && p.supplier_id === gardener?.id && p.amount === 120_000,
  );
  // the gardener's account number is wrong at the bank: AN, the payee's account or digit
  const rejectSeu = `${String(gardens?.public_id ?? '').slice(-20)}:AN`;
  await s.show(
    {
      en: "Play the bank, today: it schedules the payments for their date (BD) and rejects the gardener's TED",
      pt: 'Fazer o papel do banco, hoje: agenda os pagamentos para a data deles (BD) e rejeita a TED do jardineiro',
    },
    ['sandbox', 'bank-return', rem, '-O', ret, '--reject', rejectSeu],
  );
  await s.show(
    {
      en: "Import the bank's return file: its payments name the batch; the rejection is left for a person (exit 1)",
      pt: 'Importar o retorno do banco: seus pagamentos indicam o lote; a rejeição fica para uma pessoa (saída 1)',
    },
    ['batches', 'import-return', ret],
    { expectExit: 1 },
  );
  await s.show(
    {
      en: 'Run it again, as a cron job would: replayed, nothing changes (exit 1 while the rejection waits)',
      pt: 'Rodar de novo, como o cron faria: repetido, nada muda (saída 1 enquanto a rejeição espera)',
    },
    ['batches', 'import-return', ret],
    { expectExit: 1 },
  );
  // the bank lives on today's date (#52): what it pays on the batch's date, its return of that day says
  const payday = String(batch.data_pagamento ?? '');
  const paidRet = rem.replace(/\.rem$/, `-${payday}.ret`);
  await s.show(
    {
      en: `The bank's return on the payment date (${payday}): the scheduled payments paid`,
      pt: `O retorno do banco na data do pagamento (${formatDateBr(payday)}): os agendados pagos`,
    },
    ['sandbox', 'bank-return', rem, '-O', paidRet, '--as-of', payday, '--reject', rejectSeu],
  );
  await s.show(
    {
      en: 'Import it: the ledger books each payment on the day the bank paid it',
      pt: 'Importá-lo: o razão lança cada pagamento no dia em que o banco o fez',
    },
    ['batches', 'import-return', paidRet],
    { expectExit: 1 },
  );
  await s.show(
    {
      en: 'The batch: what was paid and what was rejected',
      pt: 'O lote: o que foi pago e o que foi rejeitado',
    },
    ['batches', 'show', batchId],
  );
  if (gardens)
    await s.show(
      {
        en: 'Why the TED was rejected (support staff view)',
        pt: 'Por que a TED foi rejeitada (visão do suporte)',
      },
      ['payables', 'show', String(gardens.public_id)],
    );
  await s.show(
    {
      en: "The ledger's expense entries: this month's bills and the payments just confirmed",
      pt: 'Os lançamentos de despesa do razão: as contas do mês e os pagamentos recém-confirmados',
    },
    ['ledger', 'entries', '--type', 'expense'],
  );
  await s.show(
    {
      en: 'And the payment account balance that followed',
      pt: 'E o saldo da conta de pagamentos que resultou',
    },
    ['bank-accounts', 'list'],
  );
}

/**
 * The bank's DDA (#33): the boletos registered against the condominium's CNPJ, entered without typing, a changed
 * due date taken, and a boleto typed from an e-mail that no DDA lists (a fake) caught and deleted before the run.
 */
export async function ddaChapter(story: Story): Promise<void> {
  const { deps, s, root } = story;
  chapter(deps, {
    en: "The bank's DDA: boletos without typing, and a fake one caught",
    pt: 'O DDA do banco: boletos sem digitar, e um falso descoberto',
  });
  const file = join(root, `DDA-${deps.today()}.ret`);
  await s.show(
    {
      en: "Play the bank: today's DDA, the boletos registered against the condominium's CNPJ",
      pt: 'Fazer o papel do banco: o DDA de hoje, os boletos registrados contra o CNPJ do condomínio',
    },
    ['sandbox', 'dda', '--data-dir', join(root, 'sandbox'), '-O', file],
  );
  await s.show(
    {
      en: 'What importing it would do: one boleto nobody entered, one whose due date the beneficiary put off',
      pt: 'O que a importação faria: um boleto que ninguém lançou, e um cujo vencimento o beneficiário adiou',
    },
    ['dda', 'import', file, '--dry-run'],
    { expectExit: 1 },
  );
  await s.show(
    {
      en: 'Enter the new one (by its barcode, once) and take the new due date',
      pt: 'Lançar o novo (pelo código de barras, uma vez só) e aceitar o novo vencimento',
    },
    ['dda', 'import', file, '--apply-changes'],
  );
  await s.show({ en: 'Tomorrow, cron runs it again: a replay', pt: 'Amanhã o cron roda de novo: repetido' }, [
    'dda',
    'import',
    file,
  ]);
  const account = (await s.json<Json[]>(['ledger', 'chart', '--type', 'expense', '--state', 'active'])).find(
    (a) => String(a.code).split('.').length === 3,
  );
  const fake = buildBoleto({
    bankCode: '341',
    dueDate: addDays(deps.today(), 6),
    amountCents: 89_000,
    freeField: '1090000999900012345678000',
  }).linhaDigitavel;
  const typed = await s.json<Json>([
    ...[
      'payables',
      'create',
      '--supplier',
      '1',
      '--chart-account',
      String(account?.id),
      '--amount',
      '890,00',
    ],
    ...['--method', 'boleto', '--due', '+6d', '--document', fake],
    ...['--description', 'Reparo do elevador (boleto recebido por e-mail)'],
  ]);
  await s.show(
    {
      en: 'A boleto that came by e-mail, typed by hand: does any DDA list it?',
      pt: 'Um boleto que chegou por e-mail, digitado à mão: algum DDA o lista?',
    },
    ['dda', 'check', file],
    { expectExit: 1 },
  );
  await s.show(
    {
      en: 'The supplier never sent it: delete it before the remittance run',
      pt: 'O fornecedor nunca o enviou: excluir antes da remessa',
    },
    ['payables', 'delete', String(typed.public_id), '--yes'],
  );
}
