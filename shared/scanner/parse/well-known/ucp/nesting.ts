/**
 * How deep a JSON value nests, counted without recursion: the constraint expressions the draft allows nest
 * without end, and a schema walk over a hostile document hundreds of levels deep would exhaust the stack.
 */

import { isRecord } from '../json-body.js';

/** No UCP profile nests this deep; the deepest schema path with a nested constraint is a few dozen. */
export const maxNesting = 64;

export function nestsTooDeep(value: unknown, limit = maxNesting): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (depth > limit) return true;
    const children = Array.isArray(node) ? (node as unknown[]) : isRecord(node) ? Object.values(node) : [];
    for (const child of children) pending.push([child, depth + 1]);
  }
  return false;
}
