/**
 * A "seu número" for an id longer than the field's 20 characters (a 26-character ULID, say): its
 * last 20 letters and digits, upper-cased. Match return lines against the same transformation. Its own module:
 * the CLI shows it beside a payable without loading the CNAB writer.
 */
export function toSeuNumero(id: string): string {
  const clean = id.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return clean.length <= 20 ? clean : clean.slice(-20);
}
