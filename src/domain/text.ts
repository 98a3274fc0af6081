/**
 * A text a person reads, in each language condo speaks. Its id is where it is declared (a verb's path and flag, a
 * body field), so rewording the English cannot lose the Portuguese beside it, and the type checker wants both.
 */
export interface Text {
  readonly en: string;
  readonly pt: string;
}

/** The text in `lang` (cli/i18n.ts's languages). */
export const textIn = (text: Text, lang: 'en' | 'pt-BR'): string => (lang === 'en' ? text.en : text.pt);
