import type { Scope } from '#shared/model/scopes.js';

/** An API key as the account's store keeps it: only the digest of the secret, never the secret. */
export interface StoredApiKey {
  id: string;
  digest: string;
  accountId: string;
  label: string;
  keyPrefix: string;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
}
