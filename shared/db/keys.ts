/** Every key of the single table is built here; repositories never build keys inline. */

export interface ItemKey {
  pk: string;
  sk: string;
}

export const keys = {
  healthProbe: (): ItemKey => ({ pk: 'HEALTH', sk: 'HEALTH' }),
  rateLimit: (rule: string, subject: string): ItemKey => ({ pk: `RATE#${rule}#${subject}`, sk: 'RATE' }),
  scan: (id: string): ItemKey => ({ pk: `SCAN#${id}`, sk: 'SCAN' }),
  /** GSI1: an account's scans, newest first. */
  scansByOwner: (accountId: string) => ({ gsi1pk: `ACCOUNT#${accountId}#SCANS` }),
  scanOwnerSort: (createdAt: string, id: string) => ({ gsi1sk: `${createdAt}#${id}` }),
};
