/**
 * Identity linking (`dev.ucp.common.identity_linking`): the OAuth scopes a business offers, and, from
 * 2026-04-08, whether each entry declares them as the identity linking capability's business schema says
 * (`config.scopes`, a map from `{capability}:{scope}` to a policy object). The profile schema does not apply
 * that schema, so its gaps are warnings.
 */

import { arrayOrEmpty, isRecord } from '../json-body.js';
import type { UcpRules } from './ucp-rules.js';
import { kindOf, quoted } from './ucp-wording.js';

export const IDENTITY_LINKING = 'dev.ucp.common.identity_linking';

export function identityScopes(entries: unknown): string[] {
  return [
    ...new Set(
      arrayOrEmpty(entries).flatMap((entry) => {
        if (!isRecord(entry) || !isRecord(entry.config)) return [];
        const scopes = entry.config.scopes;
        return isRecord(scopes) ? Object.keys(scopes) : arrayOrEmpty(scopes).filter((s): s is string => typeof s === 'string');
      }),
    ),
  ];
}

export function identityLinkingWarnings(entries: unknown, rules: UcpRules): string[] {
  if (!rules.identityLinkingScopes) return [];
  const scopeToken = new RegExp(`${rules.reverseDomainName.source.replace(/\$$/, '')}:[a-z][a-z0-9_]*$`);
  return arrayOrEmpty(entries).flatMap((entry, index) => {
    const at = `ucp.capabilities.${IDENTITY_LINKING}.${index}`;
    if (!isRecord(entry)) return [];
    if (!isRecord(entry.config)) return [`${at}.config: needs config.scopes, the OAuth scopes that require a signed-in buyer`];
    const scopes = entry.config.scopes;
    if (!isRecord(scopes))
      return [
        scopes === undefined
          ? `${at}.config.scopes: is missing: list the OAuth scopes that require a signed-in buyer, e.g. "dev.ucp.shopping.order:read": {}`
          : `${at}.config.scopes: must be a map from scope to policy object, not ${kindOf(scopes)}`,
      ];
    return Object.entries(scopes).flatMap(([scope, policy]) => [
      ...(scopeToken.test(scope) ? [] : [`${at}.config.scopes: ${quoted(scope)} is not a scope such as dev.ucp.shopping.order:read`]),
      ...(isRecord(policy)
        ? []
        : [`${at}.config.scopes.${scope.slice(0, 60)}: must be a policy object ({} for none), not ${kindOf(policy)}`]),
    ]);
  });
}
