import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { accountKey } from '#shared/db/account-store.js';
import { apiKeyItemKey } from '#shared/db/api-key-store.js';
import { newAccount, type Account } from '#shared/model/accounts/account.js';
import { generateApiKey, maskApiKey, secretDigest } from '#shared/model/accounts/secret-format.js';
import { scopes } from '#shared/model/scopes.js';

export const unitPepper = 'unit-test-pepper-0123456789abcdefghijklmnop';
export const unitCallerKey = generateApiKey();
export const unitAccountId = '00000000-0000-4000-8000-000000000001';

/**
 * A table stub for unit tests of dispatch: it knows one API key (every scope) of one growth account and
 * accepts every write; anything else reads as absent. Integration tests use DynamoDB Local instead.
 */
export function signedInTable(account: Partial<Account> = {}): DynamoDBDocumentClient {
  const stored: Account = {
    ...newAccount(unitAccountId, 'owner@shop.example.com', '2026-01-01T00:00:00.000Z'),
    tier: 'growth',
    ...account,
  };
  const keyItem = {
    ...apiKeyItemKey(secretDigest(unitCallerKey, unitPepper)),
    id: '00000000-0000-4000-8000-00000000000a',
    digest: secretDigest(unitCallerKey, unitPepper),
    accountId: stored.id,
    label: 'unit',
    keyPrefix: maskApiKey(unitCallerKey),
    scopes: [...scopes],
    createdAt: stored.createdAt,
    lastUsedAt: new Date().toISOString(),
  };
  return {
    send: async (command: unknown) => {
      if (command instanceof GetCommand && command.input.Key?.pk === keyItem.pk) return { Item: keyItem };
      if (command instanceof GetCommand && command.input.Key?.pk === accountKey(stored.id).pk)
        return { Item: { ...accountKey(stored.id), ...stored } };
      if (command instanceof UpdateCommand && command.input.Key?.pk === accountKey(stored.id).pk) {
        return { Attributes: { ...accountKey(stored.id), ...stored } };
      }
      return {};
    },
  } as unknown as DynamoDBDocumentClient;
}
