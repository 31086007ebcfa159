/**
 * The comparisons behind the invariants. A request that got a 5xx or no answer may or may not have
 * done its work (a write that got no answer is never retried by the service), so each count is held
 * between what the answers prove (`definite`) and that plus the unsettled requests (`ambiguous`);
 * with no unsettled request that is an equality.
 */
export interface InvariantResult {
  name: string;
  ok: boolean;
  detail: string;
}

export function countWithin(name: string, actual: number, definite: number, ambiguous = 0): InvariantResult {
  const ok = actual >= definite && actual <= definite + ambiguous;
  const expected = ambiguous === 0 ? `${definite}` : `${definite}..${definite + ambiguous}`;
  return { name, ok, detail: `${actual} (expected ${expected})` };
}

export function allTrue(name: string, failures: readonly string[], checked: number): InvariantResult {
  return {
    name,
    ok: failures.length === 0,
    detail: failures.length === 0 ? `${checked} checked` : `${failures.length} of ${checked}: ${failures.slice(0, 5).join('; ')}`,
  };
}

/** Ids seen more than once. */
export function repeated(ids: Iterable<string>): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
}

/** The ids in one set and not in the other, both ways. */
export function setDifference(left: Iterable<string>, right: Iterable<string>): { onlyLeft: string[]; onlyRight: string[] } {
  const a = new Set(left);
  const b = new Set(right);
  return { onlyLeft: [...a].filter((id) => !b.has(id)), onlyRight: [...b].filter((id) => !a.has(id)) };
}

export function sameSet(
  name: string,
  left: Iterable<string>,
  right: Iterable<string>,
  leftName: string,
  rightName: string,
): InvariantResult {
  const { onlyLeft, onlyRight } = setDifference(left, right);
  const ok = onlyLeft.length === 0 && onlyRight.length === 0;
  return {
    name,
    ok,
    detail: ok
      ? `${new Set(left).size} ids agree`
      : `${onlyLeft.length} only in ${leftName}, ${onlyRight.length} only in ${rightName} (${[...onlyLeft, ...onlyRight].slice(0, 3).join(', ')})`,
  };
}
