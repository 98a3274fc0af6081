/**
 * What each return code means: the kinds and classes a code is read into, and the codes of the banks whose own
 * tables differ from or add to FEBRABAN's (Itaú SISPAG, Sicoob, Santander, Caixa), one table a bank.
 */
export type OccurrenceKind = 'paid' | 'scheduled' | 'rejected' | 'info';
/**
 * What a return code asks of the person who reads it, beyond paid or refused:
 * - `paid`: the money went;
 * - `scheduled`: the bank accepted it for its date;
 * - `rejected-to-correct`: refused; correct what the code names (the payee's account, the key, the barcode, the
 *   paying account's funds) and send it again;
 * - `settled-do-not-pay-again`: refused because the bill is already settled (ZK, "boleto já liquidado"): paying
 *   it again pays twice, so the statement must be checked before anything else;
 * - `check-the-statement`: the bank holds the payment and no later return will say how it ended (Sicoob's BS):
 *   only the statement tells whether it was paid, so it is not sent again before that;
 * - `info`: a remark that decides nothing by itself.
 * Banks' own codes of each class go in the tables below (#34 extends them), each with its source.
 */
export type OccurrenceClass =
  | 'paid'
  | 'scheduled'
  | 'rejected-to-correct'
  | 'settled-do-not-pay-again'
  | 'check-the-statement'
  | 'info';

/**
 * Itaú SISPAG's own return codes, where they differ from or add to FEBRABAN's (Itaú uses the same
 * positions 231-240). BD is "pagamento agendado", 00 "pagamento efetuado"; the rest are refusals.
 */
export const ITAU_PAYMENT_OCCURRENCES: Readonly<Record<string, BankOccurrence>> = {
  '00': { message: 'Pagamento efetuado', kind: 'paid' },
  BD: { message: 'Inclusão efetuada com sucesso (pagamento agendado)', kind: 'scheduled' },
  BE: { message: 'Pagamento agendado com forma alterada para OP', kind: 'scheduled' },
  AE: { message: 'Data de pagamento alterada', kind: 'scheduled' },
  IR: { message: 'Pagamento alterado', kind: 'scheduled' },
  LA: { message: 'Data de pagamento de um lote alterada', kind: 'scheduled' },
  LC: { message: 'Lote de pagamentos com status em análise', kind: 'scheduled' },
  EM: { message: 'Confirmação de OP emitida', kind: 'scheduled' },
  CP: { message: 'Confirmação de OP cumprida', kind: 'paid' },
  AG: { message: 'Número do lote inválido', kind: 'rejected' },
  AI: { message: 'Produto demonstrativo de pagamento não contratado', kind: 'rejected' },
  AO: { message: 'Nome do favorecido inválido', kind: 'rejected' },
  AP: {
    message: 'Data de pagamento/validade/hora de lançamento/arrecadação/apuração inválida',
    kind: 'rejected',
  },
  AQ: { message: 'Quantidade de registros maior que 999999', kind: 'rejected' },
  AR: { message: 'Valor arrecadado/lançamento inválido', kind: 'rejected' },
  BI: { message: 'CNPJ/CPF do favorecido no segmento J-52 ou B inválido', kind: 'rejected' },
  CD: { message: 'CNPJ/CPF informado divergente do cadastrado', kind: 'rejected' },
  CE: { message: 'Pagamento cancelado', kind: 'rejected' },
  CI: { message: 'CNPJ/CPF/identificador/inscrição inválido', kind: 'rejected' },
  CK: { message: 'Tipo de inscrição inválida', kind: 'rejected' },
  CN: { message: 'Conta não cadastrada', kind: 'rejected' },
  DV: { message: 'DOC/TED devolvido pelo banco favorecido', kind: 'rejected' },
  EX: { message: 'Devolução de OP não sacada pelo favorecido', kind: 'rejected' },
  HA: { message: 'Erro no lote', kind: 'rejected' },
  HM: { message: 'Erro no registro header de arquivo', kind: 'rejected' },
  IB: { message: 'Valor do documento inválido', kind: 'rejected' },
  II: { message: 'Data de vencimento inválida', kind: 'rejected' },
  IP: { message: 'DAC do código de barras inválido', kind: 'rejected' },
  IS: { message: 'Concessionária não conveniada com Itaú', kind: 'rejected' },
  NA: { message: 'Pagamento cancelado por falta de autorização', kind: 'rejected' },
  NR: { message: 'Operação não realizada', kind: 'rejected' },
  RJ: { message: 'Registro rejeitado - conta em processo de abertura ou bloqueada', kind: 'rejected' },
  SS: { message: 'Pagamento cancelado por insuficiência de saldo/limite diário excedido', kind: 'rejected' },
  TA: { message: 'Lote não aceito - totais do lote com diferença', kind: 'rejected' },
  TI: { message: 'Titularidade inválida', kind: 'rejected' },
};

/**
 * Sicoob's own payment return codes (756), where its meaning differs from FEBRABAN's. BS is FEBRABAN's
 * "suspensão efetuada com sucesso"; from 2026-04-29 Sicoob answers it for a payment held in its security analysis,
 * and no later return updates it, so only the statement tells whether it was paid and it is never sent again
 * unseen. Source: Sicoob's notice to CNAB 240 clients, quoted in BoletoNet/boletonet issue #1039 ("Implementação
 * sicoob", 2026-04-02): "o retorno CNAB 240 passará a ter o código "BS" no campo G059, o qual designará transações
 * que estejam em análise de segurança. O retorno CNAB 240 não será atualizado quando a análise for concluída"
 * (not for PIX, the notice says; condo cannot tell a PIX lote's BS from another's, so it says the same of both).
 */
export const SICOOB_PAYMENT_OCCURRENCES: Readonly<Record<string, BankOccurrence>> = {
  BS: {
    message: 'Pagamento em análise de segurança',
    kind: 'scheduled',
    class: 'check-the-statement',
  },
};

/**
 * A bank's own meaning of a payment return code, where it differs from FEBRABAN's G059 (or adds to it), and the
 * class it falls in when that is not the one its kind implies.
 */
export interface BankOccurrence {
  message: string;
  kind: OccurrenceKind;
  class?: OccurrenceClass;
  /** What to do, where the class's general advice would mislead (a payment the bank holds until authorized). */
  next?: { en: string; pt: string };
}

export const rejected = (message: string): BankOccurrence => ({ message, kind: 'rejected' });

/** A payment the bank holds until the company's signatories authorize it in the bank's Internet Banking. */
const toAuthorize = (message: string, bank: string): BankOccurrence => ({
  message,
  kind: 'scheduled',
  next: {
    en: `authorize it in ${bank}'s Internet Banking: the bank pays it only once the company's signatories do; a later return says paid or refused`,
    pt: `autorize no Internet Banking do ${bank}: o banco só paga depois que os autorizadores da empresa aprovarem; um retorno seguinte diz se pagou ou recusou`,
  },
});

/**
 * Santander's payment return codes (033, "Pagamento a fornecedores" CNAB 240, positions 231-240 of segments A, B
 * and J), where they differ from FEBRABAN's G059 or add to it; every other code reads as G059's. Source: the
 * Santander table of marcos-neto/Pagamento2Net (MIT), `Pagamento2.Net/Ocorrências/OcorrênciasSantander.cs` at
 * ae2cd3a1cf91e2f9683fc2baaf8452ecb0244c21 (2018), whose Santander reader takes these codes from 231-240 of the
 * payment segments. Notable: ZA is a transfer sent back (FEBRABAN's "agência/conta substituída", a remark), ZK an
 * authorization begun in Internet Banking (FEBRABAN's "boleto já liquidado"), the B* codes a payment held.
 */
// biome-ignore format: a code table
export const SANTANDER_PAYMENT_OCCURRENCES: Readonly<Record<string, BankOccurrence>> = {
  AE: rejected('Tipo/número de inscrição inválido'),
  AP: rejected('Data lançamento inválida/vencimento inválido'),
  AT: rejected('Tipo/número de inscrição do favorecido/contribuinte inválido'),
  BB: rejected('Número do documento inválido (seu número)'),
  CF: rejected('Valor do documento/principal/menor que o mínimo inválido'),
  B1: toAuthorize('Bloqueado pendente de autorização', 'Santander'),
  B3: rejected('Bloqueado pelo cliente'),
  B4: rejected('Bloqueado pela captura de título da cobrança'),
  B8: rejected('Bloqueado pela validação de tributos'),
  HU: rejected('Hora de envio inválida'),
  IJ: rejected('Competência ou período de referência ou número da parcela inválido'),
  IM: rejected('Município inválido'),
  IN: rejected('Número declaração inválido'),
  IO: rejected('Número etiqueta inválido'),
  IP: rejected('Número notificação inválido'),
  IQ: rejected('Inscrição estadual inválida'),
  IR: rejected('Dívida ativa inválida'),
  IS: rejected('Valor honorários ou outros acréscimos inválido'),
  IT: rejected('Período apuração inválido'),
  IU: rejected('Valor ou percentual da receita inválido'),
  IV: rejected('Número referência inválido'),
  XB: rejected('Número de inscrição do contribuinte inválido'),
  XC: rejected('Código do pagamento ou competência ou número de inscrição inválido'),
  XF: rejected('Código do pagamento ou competência não numérico ou igual a zeros'),
  ZA: rejected('Transferência devolvida'),
  ZB: rejected('Transferência mesma titularidade não permitida'),
  ZC: rejected('Código pagamento tributo inválido'),
  ZD: rejected('Competência inválida'),
  ZE: rejected('Valor outras entidades inválido'),
  ZF: rejected('Sistema origem inválido'),
  ZG: rejected('Banco destino não recebe DOC'),
  ZH: rejected('Banco destino inoperante para DOC'),
  ZI: rejected('Código do histórico de crédito inválido'),
  ZK: toAuthorize('Autorização iniciada no Internet Banking', 'Santander'),
  Z0: rejected('Conta com bloqueio'),
  Z1: rejected('Conta fechada: é necessário ativar a conta'),
  Z2: rejected('Conta com movimento controlado'),
  Z3: rejected('Conta cancelada'),
  Z4: rejected('Registro inconsistente (título)'),
  Z5: rejected('Apresentação indevida (título)'),
  Z6: rejected('Dados do destinatário inválidos'),
  Z7: rejected('Agência ou conta destinatária do crédito inválida'),
  Z8: rejected('Divergência na titularidade'),
  Z9: rejected('Conta destinatária do crédito encerrada'),
  C1: rejected('COMPROR - devolvido por outros bancos'),
  C2: rejected('COMPROR - recusado'),
  C3: rejected('COMPROR - rejeitado por sistema'),
  C4: rejected('COMPROR - rejeitado por horário'),
  C6: { message: 'COMPROR - aprovado', kind: 'info' },
  C7: rejected('COMPROR - compromisso inválido'),
};

/**
 * Caixa's payment return codes (104, SIACC "pagamento/crédito a fornecedor", positions 231-240 of segments A and
 * B), where they differ from FEBRABAN's G059 or add to it (many of them PIX's and the boleto registry's, "ID"
 * being the boleto's registration). Source: the "Ocorrências G059 (tabela fornecida)" of eduardokum/laravel-boleto
 * (MIT), `src/Cnab/Pagamento/Retorno/Cnab240/Banco/Caixa.php` at 8b87d7d42f03185a34fdd8623224717f90a180d7, a Caixa
 * payment return reader; DA, DB and ZY read the same in RJ-SMTR/api-cct's Caixa SIACC code
 * (`src/cnab/enums/ocorrencia-user.enum.ts` at 1052fccec14d2f7f46d039506318b2c375bdee55).
 */
// biome-ignore format: a code table
export const CAIXA_PAYMENT_OCCURRENCES: Readonly<Record<string, BankOccurrence>> = {
  HI: rejected('Número da remessa inválido'),
  HJ: rejected('Arquivo sem header'),
  HM: rejected('Versão do arquivo inválida'),
  HO: rejected('CPF/CNPJ do favorecido diferente do da base da conta'),
  HP: rejected('Tipo da inscrição do favorecido inválido'),
  BK: rejected('Documento vencido'),
  BV: rejected('Tipo boleto não admite juros/multa/desconto/abatimento'),
  BX: rejected('Data limite para pagamento inválida'),
  BY: rejected('Validação do título indisponível'),
  BZ: { message: 'Inclusão efetuada sem validação do título', kind: 'scheduled' },
  CQ: rejected('Código de barras inválido'),
  CR: rejected('Código de pagamento/receita inválido'),
  CS: rejected('Identificação do tributo inválida'),
  CT: rejected('Competência/referência/período de apuração inválido'),
  CV: rejected('Não é permitido agendamento de DOC'),
  CY: rejected('Tipo de inscrição pagador/beneficiário inválido'),
  CZ: rejected('Código de barras duplicado'),
  DA: rejected('Beneficiário não cadastrado'),
  DB: rejected('Situação do beneficiário não permite pagamento'),
  DC: rejected('Não foi possível realizar a baixa do boleto: reenvie o agendamento'),
  DE: rejected('ID não tratado via SIACC'),
  DF: rejected('ID com outras falhas'),
  DG: rejected('Valor divergente do ID'),
  DH: { message: 'ID já se encontra pago', kind: 'rejected', class: 'settled-do-not-pay-again' },
  DI: rejected('ID vencido'),
  DJ: rejected('ID conta bloqueada'),
  DL: rejected('Valor recebido diferente do acordado/esperado'),
  DM: rejected('Pagamento rejeitado pela instituição financeira do favorecido'),
  EA: rejected('Excedeu o limite de horários para remessas (D0)'),
  PA: rejected('Com impedimentos para finalização do serviço (PIX)'),
  PC: rejected('Conta do favorecido bloqueada ou encerrada'),
  PD: rejected('Tipo de conta do favorecido incorreto'),
  PE: rejected('Tipo de transação não permitido para a conta do favorecido'),
  PG: rejected('CPF/CNPJ inválido/não preenchido (PIX)'),
  PH: { message: 'Verifique se o pagamento foi efetivado; se não, reenvie (PIX)', kind: 'scheduled', class: 'check-the-statement' },
  PI: rejected('QR Code diferente de dinâmico com vencimento (PIX)'),
  PP: rejected('Valor do pagamento inválido (PIX QR Code)'),
  PX: rejected('Falha técnica: não foi possível realizar o pagamento (PIX)'),
  PZ: rejected('PIX QR Code rejeitado pela instituição financeira do favorecido'),
  TB: rejected('Lote sem trailer'),
  TC: rejected('Lote de arquivo sem trailer'),
  WA: rejected('Valor supera o limite permitido (PIX)'),
  WC: rejected('Inclusão rejeitada: contingência PIX'),
  WD: rejected('Ultrapassou horário permitido para pagamento (PIX)'),
  WE: rejected('CPF/CNPJ do favorecido inconsistente com o da conta (PIX)'),
  WF: rejected('Agente não autorizado para realizar a operação'),
  WI: rejected('Data e hora do envio da mensagem inválidas'),
  WJ: rejected('ID inválido'),
  WK: rejected('Tipo de chave PIX inválida'),
  WL: rejected('Tipo de chave PIX não preenchido'),
  WM: rejected('Chave/QR Code/payload inválido (PIX)'),
  WN: rejected('Não foi informada chave PIX'),
  WO: { message: 'Verifique se o pagamento foi efetivado; se não, reenvie', kind: 'scheduled', class: 'check-the-statement' },
  WP: { message: 'QR Code inválido ou já consta como pago no Bacen', kind: 'rejected', class: 'settled-do-not-pay-again' },
  WW: rejected('Sacador/avalista divergente'),
  YA: rejected('Título não encontrado: procure o beneficiário'),
  YY: rejected('Faltou segmento J-52'),
  ZB: rejected('Segmento J-53 obrigatório para agregador'),
  ZC: rejected('CNPJ do agregador deve ser igual ao do compromisso'),
  ZK: { message: 'Pagamento rejeitado: boleto já liquidado', kind: 'rejected', class: 'settled-do-not-pay-again' },
  ZQ: rejected('Não permitida contratação de pagamento de PIX para convênio PF'),
  ZW: rejected('Dados do pagador incorretos'),
  ZY: rejected('Pagamento rejeitado: beneficiário divergente'),
};
