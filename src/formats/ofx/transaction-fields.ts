/**
 * The transaction being read: its leaves in the order they came, in arrays one transaction leaves to the next
 * (#73: a Map and an object a leaf were most of what a 200,000-transaction file made to throw away).
 */
export class TransactionFields {
  line = 0;
  count = 0;
  payeeName: string | null = null;
  private readonly names: string[] = [];
  private readonly values: string[] = [];
  private readonly lines: number[] = [];

  start(line: number): void {
    this.line = line;
    this.count = 0;
    this.payeeName = null;
  }

  /** Keeps the leaf; false when the transaction already has one of that name (the first stays). */
  add(name: string, value: string, line: number): boolean {
    if (this.indexOf(name) !== -1) return false;
    this.names[this.count] = name;
    this.values[this.count] = value;
    this.lines[this.count] = line;
    this.count++;
    return true;
  }

  indexOf(name: string): number {
    for (let i = 0; i < this.count; i++) if (this.names[i] === name) return i;
    return -1;
  }

  value(name: string): string | undefined {
    const i = this.indexOf(name);
    return i === -1 ? undefined : this.values[i];
  }

  /** The leaf's text, null when missing or empty. */
  text(name: string): string | null {
    const v = this.value(name);
    return v === undefined || v === '' ? null : v;
  }

  lineOf(name: string): number {
    const i = this.indexOf(name);
    return i === -1 ? this.line : (this.lines[i] as number);
  }
}
