import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { signUp, subscribe } from '../support/local-service.js';
import { expectOk, usageOf, type Usage } from './http.js';

export interface LoadAccount {
  key: string;
  baseline: Usage;
}

export interface BatchAccount extends LoadAccount {
  index: number;
  webhookId: string;
  /** The receiver path its webhook points at. */
  hookPath: string;
}

export interface LoadAccounts {
  /** Authenticated scans (free tier). */
  scanner: LoadAccount;
  /** Account reads and key creation (routes outside the monthly allowance). */
  reader: LoadAccount;
  /** Watched-site writes (free tier). */
  sites: LoadAccount;
  /** Batch submits, each growth account with one webhook to a slow receiver. */
  batches: BatchAccount[];
}

interface ServiceUrls {
  api: string;
  ses: string;
}

const email = (role: string) => `load-${role}-${randomUUID().slice(0, 8)}@example.com`;

async function account(service: ServiceUrls, role: string): Promise<LoadAccount> {
  const key = await signUp(service, email(role));
  return { key, baseline: await usageOf(service.api, key) };
}

/**
 * Signs up the load's accounts. Batch traffic is spread over `batchAccounts` growth accounts so that
 * each webhook's delivery log (its last 50 attempts) still holds every attempt of the run.
 */
export async function createAccounts(
  service: ServiceUrls,
  batchAccounts: number,
  receiverOrigins: readonly string[],
): Promise<LoadAccounts> {
  const limit = pLimit(4);
  const [scanner, reader, sites] = await Promise.all(['scanner', 'reader', 'sites'].map((role) => limit(() => account(service, role))));
  const batches = await Promise.all(
    Array.from({ length: batchAccounts }, (_, index) =>
      limit(async (): Promise<BatchAccount> => {
        const key = await signUp(service, email(`batch${index}`));
        await subscribe(service, key, 'growth');
        const hookPath = `/hook/${index}`;
        const created = await expectOk<{ webhook: { id: string } }>(service.api, 'POST', '/api/v1/webhooks', key, {
          url: `${receiverOrigins[index % receiverOrigins.length]}${hookPath}`,
          events: ['scan_complete', 'batch_complete'],
          label: `load ${index}`,
        });
        return { index, key, webhookId: created.webhook.id, hookPath, baseline: await usageOf(service.api, key) };
      }),
    ),
  );
  return { scanner: scanner!, reader: reader!, sites: sites!, batches };
}
