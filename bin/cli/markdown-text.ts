/**
 * Text from a scanned site (a product name, a URL, a reason quoting a robots.txt) made inert for GitHub's
 * markdown: it can neither add markup, HTML, links or table cells, nor mention a person or an issue.
 */
import { oneLine } from '#bin/cli/inert-output.js';

/** Markdown's inline syntax (GitHub's math `$` and tables' `|` included): shown as the character itself. */
const markdownPunctuation = /[\\`*_[\]{}()!|~$^]/g;

/** A zero-width space after `@` or `#` stops a mention, a team ping or a link to an issue, as Dependabot does. */
const zeroWidthSpace = '&#8203;';

/** One line of plain text, at most `maxLength` characters of the original (an ellipsis marks a cut). */
export function plainLine(text: string, maxLength = 300): string {
  const flat = oneLine(text);
  return [...flat].length > maxLength ? `${[...flat].slice(0, maxLength - 1).join('')}…` : flat;
}

/** Escapes text for a markdown paragraph, list item or table cell. */
export function mdText(text: string, maxLength = 300): string {
  return (
    plainLine(text, maxLength)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(markdownPunctuation, '\\$&')
      .replace(/[@#]/g, `$&${zeroWidthSpace}`)
      // Autolinks: GitHub links bare `https://` and `www.` text.
      .replace(/:\/\//g, `:${zeroWidthSpace}//`)
      .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}${zeroWidthSpace}.`)
      // A list marker at the start of a list item's text.
      .replace(/^([-+])(?= |$)/, '\\$1')
      .replace(/^(\d+)([.)])(?= |$)/, '$1\\$2')
  );
}

/**
 * A URL (or any text best copied as is) as a code span: nothing inside one is markup, a link or a mention.
 * The fence is longer than any run of backticks inside. In a table cell (`cell`), `|` is escaped, which GitHub
 * honours even inside a code span there (elsewhere the backslash would show).
 */
export function mdCode(text: string, { cell = false, maxLength = 200 }: { cell?: boolean; maxLength?: number } = {}): string {
  const line = plainLine(text, maxLength);
  if (line === '') return '';
  const longestRun = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padded = line.startsWith('`') || line.endsWith('`') ? ` ${line} ` : line;
  return `${fence}${cell ? padded.replace(/\|/g, '\\|') : padded}${fence}`;
}

/** An address we built (the service's own report page) as a link destination: no space or parenthesis to end it early. */
export function mdLink(label: string, href: string): string {
  const url = new URL(href);
  return `[${mdText(label)}](${url.href.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20')})`;
}
