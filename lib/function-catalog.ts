import type { QueueName } from '#shared/adapters/queue.js';
import { workerTimeoutSeconds } from '#shared/model/worker-timeouts.js';
import type { Family } from '#shared/http/route-types.js';
import type { CapacitySettings } from '#lib/capacity-settings.js';

/** Size and purpose of every Lambda function: one per route family, plus the workers. */
export interface FunctionSizing {
  description: string;
  memoryMiB: number;
  timeoutSeconds: number;
}

/** Scanning families answer inside API Gateway's 30-second integration limit. */
export const apiFunctions: Record<Family, FunctionSizing> = {
  meta: { description: 'Health, pricing, plans, OpenAPI', memoryMiB: 512, timeoutSeconds: 10 },
  publicScanner: { description: 'Public scans and their results', memoryMiB: 1024, timeoutSeconds: 29 },
  scanner: { description: 'Authenticated scans', memoryMiB: 1024, timeoutSeconds: 29 },
  batch: { description: 'Batch scan submission and status', memoryMiB: 512, timeoutSeconds: 10 },
  auth: { description: 'Magic-link sign-in', memoryMiB: 256, timeoutSeconds: 10 },
  account: { description: 'Account, API keys and subscriptions', memoryMiB: 512, timeoutSeconds: 10 },
  sites: { description: 'Watched sites and thresholds', memoryMiB: 512, timeoutSeconds: 10 },
  // A test delivery or redelivery waits up to the 10 s a real delivery gets, plus time to log it (docs/decisions/039-webhook-test-deadline.md).
  webhooks: { description: 'Webhook endpoints and test deliveries', memoryMiB: 512, timeoutSeconds: 15 },
  billing: { description: 'Stripe event receiver', memoryMiB: 512, timeoutSeconds: 10 },
  web: {
    description: 'Web pages: the public scanner, shared reports and their assets; also the $default route (404 page, JSON 404/405)',
    memoryMiB: 512,
    timeoutSeconds: 10,
  },
  // scan_site scans as the scanner function does, inside API Gateway's 30-second limit.
  mcp: {
    description: 'MCP server (streamable HTTP, stateless): the tools over the scanner and sites use cases',
    memoryMiB: 1024,
    timeoutSeconds: 29,
  },
};

export const workerNames = ['batchScan', 'rescanSweep', 'rescanSite', 'webhookDelivery', 'mailSender'] as const;
export type WorkerName = (typeof workerNames)[number];
export type FunctionName = Family | WorkerName;

export type WorkerTrigger =
  /** `deadLetters`: the worker also consumes the queue's DLQ (it settles what ends there). */
  | { kind: 'queue'; queue: QueueName; batchSize: number; deadLetters?: 'consume' }
  /** The weekly rule, plus the queue on which the work it starts goes on (one message per shard). */
  | { kind: 'weekly'; queue: QueueName; batchSize: number };

export interface WorkerSpec extends FunctionSizing {
  trigger: WorkerTrigger;
}

/**
 * Scanning workers take few messages at a time: each scan may run for the 30-second scan limit, and a
 * batch of records is processed in parallel, so it finishes well inside the 120-second timeout. The batch
 * worker takes 5 (5 concurrent scans of at most 5 pages each fit its 1,024 MB), so a 50-URL batch is
 * spread over 5 invocations x 5 records at the default concurrency; rescans keep 3.
 */
export const workers: Record<WorkerName, WorkerSpec> = {
  batchScan: {
    description: 'Scans the URLs of batch submissions',
    memoryMiB: 1024,
    timeoutSeconds: workerTimeoutSeconds.batchScan,
    trigger: { kind: 'queue', queue: 'batch', batchSize: 5, deadLetters: 'consume' },
  },
  rescanSweep: {
    description: 'Weekly: finds watched sites due for a rescan and queues them, a shard at a time',
    memoryMiB: 256,
    timeoutSeconds: workerTimeoutSeconds.rescanSweep,
    trigger: { kind: 'weekly', queue: 'sweep', batchSize: 1 },
  },
  rescanSite: {
    description: 'Rescans one watched site and raises score alerts',
    memoryMiB: 1024,
    timeoutSeconds: workerTimeoutSeconds.rescanSite,
    trigger: { kind: 'queue', queue: 'rescan', batchSize: 3 },
  },
  webhookDelivery: {
    description: 'Delivers signed webhook events',
    memoryMiB: 256,
    timeoutSeconds: workerTimeoutSeconds.webhookDelivery,
    trigger: { kind: 'queue', queue: 'webhook', batchSize: 10 },
  },
  mailSender: {
    description: 'Sends e-mail through SES',
    memoryMiB: 256,
    timeoutSeconds: workerTimeoutSeconds.mailSender,
    trigger: { kind: 'queue', queue: 'mail', batchSize: 10 },
  },
};

/** Shards of one sweep read at once: enough to sweep a million sites in minutes, few enough to spare the table. */
export const sweepConcurrency = 4;

/** AWS's advice for SQS event sources: a visibility timeout of six times the consumer's timeout. */
export const visibilityTimeoutFactor = 6;

/** The worker that consumes a queue; every queue has exactly one. */
export function consumerOf(queue: QueueName): WorkerName {
  const consumers = workerNames.filter((name) => {
    return workers[name].trigger.queue === queue;
  });
  const [consumer] = consumers;
  if (consumer === undefined || consumers.length > 1)
    throw new Error(`The ${queue} queue needs exactly one consumer, found ${consumers.length}`);
  return consumer;
}

/**
 * The reserved concurrency of each function (docs/configuration.md, "Capacity"): the functions that scan (the two
 * scan routes' and MCP's) and the workers get a share of their own; the weekly sweep runs once at a time; the other
 * API functions share the rest.
 */
export function reservedConcurrencyOf(name: FunctionName, capacity: CapacitySettings): number | undefined {
  if (!capacity.reserveConcurrency) return undefined;
  if (name === 'publicScanner') return capacity.publicScanConcurrency;
  if (name === 'scanner') return capacity.accountScanConcurrency;
  if (name === 'mcp') return capacity.mcpConcurrency;
  if (name === 'rescanSweep') return sweepConcurrency;
  if ((workerNames as readonly string[]).includes(name)) return capacity.workerConcurrency;
  return undefined;
}
