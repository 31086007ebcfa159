/**
 * The rubric's text as an owner reads it: the rubric (docs/rubric.md) cites the source files and decisions it is
 * built from, which mean nothing to an assistant's user, so they are left out of what the MCP tools answer.
 */
export function forReaders(text: string): string {
  return text
    .replace(/ of `(?:shared|bin)\/[^`]+`/g, '')
    .replace(/`(?:shared|bin)\/[^`]+`(?::\s*|;\s*)?/g, '')
    .replace(/;?\s*sources and dates in docs\/[\w./-]+\.md/g, '')
    .replace(/ in docs\/[\w./-]+\.md(?: and in the rubric's [\w ]+ section)?/g, '')
    .replace(/\s*\(decisions? \d{3}(?:, \d{3})*\)/g, '')
    .replace(/\(\s*[;,]\s*/g, '(')
    .replace(/\s*\(\s*\)/g, '')
    .replace(/ {2,}/g, ' ');
}
