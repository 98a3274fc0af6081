/**
 * OFX aggregates this reader knows. An aggregate never contains itself, so reopening one that is still open
 * closes it (Nubank card files omit `</STMTTRN>`). Unknown elements are leaves when text follows them and
 * transparent containers otherwise.
 */
export const AGGREGATES = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'STATUS',
  'FI',
  'BANKMSGSRSV1',
  'STMTTRNRS',
  'STMTRS',
  'STMTENDTRNRS',
  'STMTENDRS',
  'BANKACCTFROM',
  'BANKACCTTO',
  'CCACCTFROM',
  'CCACCTTO',
  'BANKTRANLIST',
  'STMTTRN',
  'PAYEE',
  'LEDGERBAL',
  'AVAILBAL',
  'BALLIST',
  'BAL',
  'CURRENCY',
  'ORIGCURRENCY',
  'CREDITCARDMSGSRSV1',
  'CCSTMTTRNRS',
  'CCSTMTRS',
  'CCSTMTENDTRNRS',
  'CCSTMTENDRS',
  'INVSTMTMSGSRSV1',
  'INVSTMTTRNRS',
  'INVSTMTRS',
  'INVACCTFROM',
  'INVTRANLIST',
  'INVBANKTRAN',
  'INVPOSLIST',
  'INVBAL',
  'INVOOLIST',
  'SECLISTMSGSRSV1',
  'SECLIST',
  'SIGNUPMSGSRSV1',
  'ACCTINFOTRNRS',
  'ACCTINFORS',
  'ACCTINFO',
]);

/** Leaves that may be written empty and unclosed (`<NAME>` straight before the next tag). */
export const LEAVES = new Set([
  'CODE',
  'SEVERITY',
  'MESSAGE',
  'DTSERVER',
  'LANGUAGE',
  'DTPROFUP',
  'DTACCTUP',
  'ORG',
  'FID',
  'SESSCOOKIE',
  'TRNUID',
  'CLTCOOKIE',
  'CURDEF',
  'BANKID',
  'BRANCHID',
  'BROKERID',
  'ACCTID',
  'ACCTTYPE',
  'ACCTKEY',
  'DTSTART',
  'DTEND',
  'TRNTYPE',
  'DTPOSTED',
  'DTUSER',
  'DTAVAIL',
  'TRNAMT',
  'FITID',
  'CORRECTFITID',
  'CORRECTACTION',
  'SRVRTID',
  'CHECKNUM',
  'REFNUM',
  'SIC',
  'PAYEEID',
  'NAME',
  'EXTDNAME',
  'MEMO',
  'BALAMT',
  'DTASOF',
  'CURRATE',
  'CURSYM',
  'MKTGINFO',
  'SUBACCTFUND',
  'INV401KSOURCE',
]);

export const STATEMENT_AGGREGATES = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS']);
export const ACCOUNT_AGGREGATES = new Set(['BANKACCTFROM', 'CCACCTFROM', 'INVACCTFROM']);
/** Open at the end of the file, these mean data was cut off. */
export const DATA_AGGREGATES = new Set([
  ...STATEMENT_AGGREGATES,
  'STMTTRN',
  'BANKTRANLIST',
  'INVTRANLIST',
  'LEDGERBAL',
]);

export const SGML_VERSIONS = new Set(['102', '103', '151', '160']);
export const XML_VERSIONS = new Set(['200', '201', '202', '203', '210', '211', '220']);
export const HEADER_KEYS =
  /(OFXHEADER|DATA|VERSION|SECURITY|ENCODING|CHARSET|COMPRESSION|OLDFILEUID|NEWFILEUID)\s*:/g;
export const MAX_HEADER = 8192;
