/** One statement of an identity policy, its intrinsic functions already resolved to local ARNs. */
export interface PolicyStatement {
  effect: 'Allow' | 'Deny';
  actions: readonly string[];
  resources: readonly string[];
}

/** What one request asks for: AWS authorises every pair (a transaction's items, a batch's tables). */
export interface RequestedAccess {
  action: string;
  resource: string;
}

export type Decision = { allowed: true } | { allowed: false; denied: RequestedAccess; explicitly: boolean };

/**
 * IAM's evaluation for one principal's identity policies, the only kind a function's calls meet here
 * (resource policies and key policies are not read: see docs/decisions/094-iam-enforced-locally.md): an
 * explicit Deny wins, then an Allow is needed, and every access of the request must pass.
 */
export function decide(statements: readonly PolicyStatement[], accesses: readonly RequestedAccess[]): Decision {
  for (const access of accesses) {
    const applying = statements.filter((statement) => applies(statement, access));
    if (applying.some((statement) => statement.effect === 'Deny')) return { allowed: false, denied: access, explicitly: true };
    if (!applying.some((statement) => statement.effect === 'Allow')) return { allowed: false, denied: access, explicitly: false };
  }
  return { allowed: true };
}

function applies(statement: PolicyStatement, access: RequestedAccess): boolean {
  return (
    statement.actions.some((pattern) => matchesWildcard(pattern.toLowerCase(), access.action.toLowerCase())) &&
    statement.resources.some((pattern) => matchesWildcard(pattern, access.resource))
  );
}

/** IAM's wildcards: `*` any run of characters (across `:` and `/`), `?` one character; actions compare case-insensitively. */
export function matchesWildcard(pattern: string, value: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(value);
}
