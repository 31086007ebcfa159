/**
 * What the command line prints reaches terminals and CI logs, and GitHub's runner reads every line of a step's
 * stdout and stderr for workflow commands (docs/decisions/095-no-workflow-commands-from-site-text.md). Text a
 * scanned site supplies is put on one line by `oneLine` before a report places it; everything printed then
 * goes through `withoutWorkflowCommands` (JSON through `inertJson`), so no line it prints can start with `::`
 * after the runner trims it, or hold `##[`: neither a command nor the end of a `stop-commands` block.
 */
import { format } from 'node:util';

/**
 * Line breaks and controls a terminal, a log viewer or the runner acts on: C0 (LF, CR, VT, FF, ESC), DEL,
 * C1 (NEL, CSI), the line and paragraph separators, and the bidirectional overrides that reorder what a
 * reader sees.
 */
// eslint-disable-next-line no-control-regex
const unsafeInLine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** Site text as one line of plain text: each run of unsafe characters becomes one space. */
export function oneLine(text: string): string {
  return text.replace(unsafeInLine, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Where the runner splits a step's output (StreamReader.ReadLine: CRLF, CR, LF), and what else may show as a break. */
// eslint-disable-next-line no-control-regex
const lineBreaks = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

/** What .NET's TrimStart removes before the runner looks for `::` (Unicode white space, NEL), and invisible format characters. */
const leadingSpace = /^[\s\u0085\u180e\u200b-\u200d\u2060\ufeff]*/;

function inertLine(line: string): string {
  const lead = leadingSpace.exec(line)![0];
  const rest = line.slice(lead.length);
  // `: :` reads as the text it was; the runner parses `::` at a line's start (TryParseV2), `##[` anywhere (TryParse).
  return `${lead}${rest.startsWith('::') ? `: ${rest.slice(1)}` : rest}`.replace(/##\[/g, '## [');
}

/**
 * The final guard on whole output: every line break the runner or a terminal could see becomes `\n`, and a line
 * that would be a workflow command is changed just enough not to be one. Our own reports never need it; it
 * is there for whatever a formatter missed.
 */
export function withoutWorkflowCommands(output: string): string {
  return output.split(lineBreaks).map(inertLine).join('\n');
}

/** Characters JSON.stringify leaves raw in strings that a terminal or log shows as breaks or reorders. */
const jsonUnsafe = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON on one line with the value unchanged: JSON.stringify escapes C0 controls; the rest above, and the `[` of
 * `##[`, become `\uXXXX` escapes (they occur only inside strings), which a JSON parser reads back as they were.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(jsonUnsafe, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/##\[/g, '##\\u005b');
}

/** console.log through the guard: how the command line writes to stdout. */
export function toStdout(...parts: unknown[]): void {
  console.log(withoutWorkflowCommands(format(...parts)));
}

/** console.error through the guard: how the command line writes to stderr. */
export function toStderr(...parts: unknown[]): void {
  console.error(withoutWorkflowCommands(format(...parts)));
}
