/** Every key of the single table is built here; repositories never build keys inline. */

export interface ItemKey {
  pk: string;
  sk: string;
}

export const keys = {
  healthProbe: (): ItemKey => ({ pk: 'HEALTH', sk: 'HEALTH' }),
  rateLimit: (rule: string, subject: string): ItemKey => ({ pk: `RATE#${rule}#${subject}`, sk: 'RATE' }),
};
