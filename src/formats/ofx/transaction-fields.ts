/**
 * The transaction being read: the leaves it is read from, and each leaf's name and line in the order they came (to
 * tell a second of one name, and where one was), in arrays one transaction leaves to the next (#73: a Map and an
 * object a leaf were most of what a 200,000-transaction file made to throw away).
 */
export class TransactionFields {
  line = 0;
  count = 0;
  payeeName: string | null = null;
  /** the leaves a transaction is read from, kept as they come: read without a search by name (#73) */
  amount: string | undefined;
  date: string | undefined;
  memo: string | undefined;
  name: string | undefined;
  type: string | undefined;
  fitid: string | undefined;
  checkNumber: string | undefined;
  refNumber: string | undefined;
  private readonly names: string[] = [];
  private readonly lines: number[] = [];

  start(line: number): void {
    this.line = line;
    this.count = 0;
    this.payeeName = null;
    this.amount = this.date = this.memo = this.name = undefined;
    this.type = this.fitid = this.checkNumber = this.refNumber = undefined;
  }

  /** Keeps the leaf; false when the transaction already has one of that name (the first stays). */
  add(name: string, value: string, line: number): boolean {
    if (this.indexOf(name) !== -1) return false;
    this.names[this.count] = name;
    this.lines[this.count] = line;
    this.count++;
    switch (name) {
      case 'TRNAMT':
        this.amount = value;
        break;
      case 'DTPOSTED':
        this.date = value;
        break;
      case 'MEMO':
        this.memo = value;
        break;
      case 'NAME':
        this.name = value;
        break;
      case 'TRNTYPE':
        this.type = value;
        break;
      case 'FITID':
        this.fitid = value;
        break;
      case 'CHECKNUM':
        this.checkNumber = value;
        break;
      case 'REFNUM':
        this.refNumber = value;
    }
    return true;
  }

  private indexOf(name: string): number {
    for (let i = 0; i < this.count; i++) if (this.names[i] === name) return i;
    return -1;
  }

  lineOf(name: string): number {
    const i = this.indexOf(name);
    return i === -1 ? this.line : (this.lines[i] as number);
  }
}
