/**
 * What an API key may do. A key created without scopes carries only `scanner:read` (the spec's default
 * read scope, which also runs scans); a key issued by a sign-in link carries all of them.
 */
export const scopes = [
  'scanner:read',
  'sites:read',
  'sites:write',
  'webhooks:read',
  'webhooks:write',
  'account:read',
  'account:write',
] as const;
export type Scope = (typeof scopes)[number];

export const defaultScopes: readonly Scope[] = ['scanner:read'];

/** The scopes of `granted` that `holder` lacks: a key may only give another key what it can do itself. */
export function scopesBeyond(holder: readonly Scope[], granted: readonly Scope[]): Scope[] {
  return granted.filter((scope) => !holder.includes(scope));
}
