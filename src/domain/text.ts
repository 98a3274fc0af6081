/**
 * A text a person reads, in each language condo speaks. Its id is where it is declared (a verb's path and flag, a
 * body field), so rewording the English cannot lose the Portuguese beside it, and the type checker wants both.
 * The CLI's Translate (cli/i18n.ts) picks the person's language.
 */
export interface Text {
  readonly en: string;
  readonly pt: string;
}
