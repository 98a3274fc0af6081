/** A text's digits alone: a CNPJ, a CEP or a barcode as people write them, dots, dashes and spaces dropped. */
export function digitsOnly(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}
