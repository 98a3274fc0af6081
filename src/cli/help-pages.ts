/**
 * Help as static text (#31): every command's `--help` page is read off the command tree once, at build time
 * (scripts/build.mjs writes `dist/help/<lang>.json`), and a help request is answered from that file without
 * loading commander, the verbs or anything they import (static-help.ts). The page keeps its parts, not its
 * text, so it is laid out at the terminal's width exactly as commander lays it out (a test compares the two at
 * several widths, in both languages).
 */

/** A term (`--state <state>`, `list`) and what it says, aligned in a column. */
export type HelpItem = readonly [term: string, description: string];

export interface HelpPage {
  /** `Usage: condo payables list [options]`, heading translated */
  usage: string;
  description: string;
  /** the width of the widest term of the page: descriptions start after it */
  termWidth: number;
  sections: readonly (readonly [heading: string, items: readonly HelpItem[]])[];
  /** what `addHelpText('after', …)` prints after the page (the examples), each piece with its newline */
  after: string;
}

/** Every command's page by its path after `condo` (`''` for condo itself, `payables list`), in one language. */
export type HelpBook = Readonly<Record<string, HelpPage>>;

/** The file of a page in its language's directory: `condo.payables.list.json` for `payables list`. */
export const helpPageFile = (path: string): string =>
  `${['condo', ...path.split(' ').filter(Boolean)].join('.')}.json`;

// commander's layout (lib/help.js, formatHelp): two spaces of indent, two between term and description, and no
// wrapping in a column narrower than 40
const INDENT = 2;
const SPACER = 2;
const MIN_WIDTH_TO_WRAP = 40;

/** A page laid out for a terminal `width` columns wide, as commander's `helpInformation()` plus the after-texts. */
export function formatHelpPage(page: HelpPage, width: number): string {
  const lines = [page.usage, ''];
  if (page.description) lines.push(boxWrap(page.description, width), '');
  for (const [heading, items] of page.sections) {
    if (items.length === 0) continue;
    lines.push(
      heading,
      ...items.map(([term, description]) => formatItem(term, description, page.termWidth, width)),
      '',
    );
  }
  return lines.join('\n') + page.after;
}

function formatItem(term: string, description: string, termWidth: number, width: number): string {
  const indent = ' '.repeat(INDENT);
  if (!description) return indent + term;
  const remaining = width - termWidth - SPACER - INDENT;
  const preformatted = /\n[^\S\r\n]/.test(description);
  const text =
    remaining < MIN_WIDTH_TO_WRAP || preformatted
      ? description
      : boxWrap(description, remaining).replace(/\n/g, `\n${' '.repeat(termWidth + SPACER)}`);
  return indent + term.padEnd(termWidth) + ' '.repeat(SPACER) + text.replace(/\n/g, `\n${indent}`);
}

/** Words filled into lines of at most `width` columns; a line's own breaks are kept. */
function boxWrap(text: string, width: number): string {
  if (width < MIN_WIDTH_TO_WRAP) return text;
  const wrapped: string[] = [];
  for (const line of text.split(/\r\n|\n/)) {
    const chunks = line.match(/\s*\S+/g);
    if (chunks === null) {
      wrapped.push('');
      continue;
    }
    let current = chunks[0] as string;
    for (const chunk of chunks.slice(1)) {
      if (current.length + chunk.length <= width) current += chunk;
      else {
        wrapped.push(current);
        current = chunk.trimStart();
      }
    }
    wrapped.push(current);
  }
  return wrapped.join('\n');
}

/**
 * Every page of a book as one Markdown manual (docs/commands.md, #72 point 7): the build writes it beside the pages
 * from the same tree, and a test fails when the committed one is stale (`npm run generate:commands`).
 */
export function commandsMarkdown(book: HelpBook): string {
  const parts = [
    '# condo commands\n',
    "Every command's `--help`, as condo prints it (generated from the command tree by `npm run generate:commands`;",
    'do not edit). The global options every command takes are under `condo`, and in `condo help globals`.\n',
  ];
  for (const [path, page] of Object.entries(book))
    parts.push(
      `## condo${path ? ` ${path}` : ''}\n`,
      '```text',
      formatHelpPage(page, 100).trimEnd(),
      '```\n',
    );
  return `${parts.join('\n')}`;
}
