// FEBRABAN CNAB 240: the "pagamento de fornecedores" remittance writer, a tolerant streaming reader for
// payment, collection and DDA files (remessa and retorno), and the bank side that turns a .rem into a .ret and
// writes a day's DDA.

export type { PixKeyType } from '../../domain/pix-keys.js';
export {
  ITAU_PAYMENT_OCCURRENCES,
  type OccurrenceClass,
  type OccurrenceKind,
} from './bank-occurrences.js';
export {
  type BarcodeInfo,
  type BarcodeKind,
  barcodeInfo,
  barcodeProblem,
  dueDateFromFactor,
  toBarcode,
} from './barcode.js';
export {
  BANK_NAMES,
  CAMARA,
  COLLECTION_MOVEMENTS,
  classifyOccurrences,
  decodeCollectionMovement,
  decodePaymentOccurrences,
  FEBRABAN_PAYMENT_OCCURRENCES,
  FORMA_NAMES,
  occurrenceClass,
  occurrenceKind,
  type PaymentOutcome,
  type ReturnOccurrence,
  SERVICE_NAMES,
  splitOccurrenceCodes,
} from './codes.js';
export {
  type DdaBoletoInput,
  type DdaCharge,
  type DdaFileInput,
  ddaLines,
  writeDdaFile,
} from './dda-writer.js';
export {
  BANCO_DO_BRASIL,
  BRADESCO_MULTIPAG,
  CAIXA,
  DIALECTS,
  type Dialect,
  type DialectId,
  dialectForBank,
  dialectOfHeader,
  FEBRABAN,
  ITAU_SISPAG,
  SANTANDER,
  type TributeKind,
} from './dialects.js';
export { foldText } from './fields.js';
export type {
  CnabBatch,
  CnabDdaBoleto,
  CnabDdaCharge,
  CnabDirection,
  CnabFile,
  CnabItem,
  CnabMessage,
  CnabService,
  CnabSource,
  CnabTribute,
  ReadOptions,
} from './file.js';
export { Cnab240Reader, readCnab240, readCnab240Sync } from './reader.js';
export {
  type AccountType,
  type BoletoPayment,
  type CheckedPayment,
  Cnab240InputError,
  type PayeeBankAccount,
  type PayingCompany,
  type PaymentRemittanceInput,
  type PixPayment,
  type RemittanceHeader,
  type RemittancePayment,
  type TransferPayment,
  type TributePayment,
} from './remittance-input.js';
export {
  PaymentReturnWriter,
  type ReturnDecision,
  type ReturnOptions,
  writePaymentReturn,
} from './return.js';
export { breaksReturnStructure } from './return-structure.js';
export { toSeuNumero } from './seu-numero.js';
export {
  LAYOUT_VERSIONS,
  RecordChunks,
  RemittanceStream,
  remittanceLines,
  writePaymentRemittance,
} from './writer.js';
