/**
 * English left on a Portuguese screen (#31 point 4: no half-translated line reaches a user). A line's data is set
 * aside first, since it is the same in both languages: quoted values, <tags>, commands a person pastes, paths and
 * URLs, dotted or underscored identifiers (scopes, error codes, file names) and upper-case field names (TRNAMT,
 * CRLF). What is left must hold none of the words that give an English sentence away; each is a word Portuguese
 * does not use.
 */
// bounded by letters of any alphabet, not \b's ASCII: \b finds "or" in "orçamento" (ç is no word character to it)
const ENGLISH_WORDS =
  /(?<![\p{L}\p{N}_])(the|is|are|was|were|not|with|without|from|which|this|that|and|or|of|to|in|at|for|by|has|have|been|will|cannot|does|nothing|expected|found|missing|warning|error|line|lines|file|files|payment|payments|payable|payables|created|updated|deleted|marked|issued|invoice|batch|account|due|paid|pending|yes|use|now|current|request|more|than|into|written|read|only|after|before|when|then|still|ignored|skipped|unknown|empty|checking)(?![\p{L}\p{N}_])/iu;

/** What a line says once its data is set aside. */
export function wordsOf(line: string): string {
  return (
    line
      // a command to paste, from `condo` to the end of its arguments (flags, ids, placeholders)
      .replace(/\bcondo(?: (?:--?[\w-]+|[<\w][^\s:;,)]*))+/g, ' ')
      .replace(/'[^']*'|"[^"]*"|<[^>\s]*>|--?[a-z][\w-]*/g, ' ')
      .replace(/\S*[/._@]\S*/g, ' ')
      .replace(/\b[A-Z][A-Z0-9-]+\b/g, ' ')
  );
}

/** The lines of `text` with English words in them, each with the word found: empty for a Portuguese screen. */
export function englishLines(text: string): string[] {
  return (
    text
      .split('\n')
      // a command as typed, and a script's tab-separated rows (the same in every language, by design)
      .filter((line) => !/^\s*\$ /.test(line) && !line.includes('\t'))
      .flatMap((line) => {
        const word = ENGLISH_WORDS.exec(wordsOf(line));
        return word ? [`${word[0]}: ${line}`] : [];
      })
  );
}
