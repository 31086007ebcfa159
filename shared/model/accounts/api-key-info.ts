import type { StoredApiKey } from '#shared/model/accounts/api-key.js';
import type { Scope } from '#shared/model/scopes.js';

export interface ApiKeyInfo {
  id: string;
  keyPrefix: string;
  label: string;
  scopes: Scope[];
  lastUsedAt: string | null;
  createdAt: string;
  isActive: boolean;
}

/** The spec's ApiKeyInfo: only stored keys are listed (a revoked key is deleted), so every one is active. */
export function toApiKeyInfo(key: StoredApiKey): ApiKeyInfo {
  return {
    id: key.id,
    keyPrefix: key.keyPrefix,
    label: key.label,
    scopes: key.scopes,
    lastUsedAt: key.lastUsedAt,
    createdAt: key.createdAt,
    isActive: true,
  };
}
