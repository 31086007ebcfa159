/**
 * The lines of a log GitHub's runner would take as a workflow command, read a little more strictly than
 * actions/runner does (src/Runner.Common/ActionCommand.cs): it reads stdout and stderr line by line
 * (StreamReader.ReadLine: `\r\n`, `\r`, `\n`), trims each line's leading white space (.NET's TrimStart) and
 * takes one that then starts with `::` (TryParseV2), or one that holds `##[` anywhere (TryParse, the older
 * form). Here every other break a terminal or a log viewer could show (VT, FF, NEL, U+2028, U+2029) splits
 * lines too, and invisible format characters count as white space.
 */
// eslint-disable-next-line no-control-regex
const lineBreaks = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;
const leadingSpace = /^[\s\u0085\u180e\u200b-\u200d\u2060\ufeff]+/;

export function workflowCommandLines(log: string): string[] {
  return log.split(lineBreaks).filter((line) => line.replace(leadingSpace, '').startsWith('::') || line.includes('##['));
}
