import { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '#shared/config.js';
import type { Table } from '#shared/db/table.js';
import type { BillingProvider } from '#shared/adapters/billing/billing-provider.js';
import type { PepperSource } from '#shared/adapters/key-pepper.js';
import type { SecretBox } from '#shared/adapters/secret-box.js';
import type { WebBotAuthKeySource } from '#shared/adapters/web-bot-auth-key.js';
import type { WebhookSender } from '#shared/adapters/webhook-sender.js';
import type { Mailer } from '#shared/adapters/mailer.js';
import type { Queue } from '#shared/adapters/queue.js';
import { systemClock, type Clock } from '#shared/model/clock.js';
import type { Fetcher } from '#shared/outbound/types.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import type { PageMarkupCache } from '#shared/scanner/analyse-page.js';

/** Everything a handler or use case needs from the outside world. */
export interface Dependencies {
  config: Config;
  /** The single table, bound to its client once. */
  table: Table;
  clock: Clock;
  logger: Logger;
  queue: Queue;
  mailer: Mailer;
  /** The HMAC pepper of API-key and sign-in-token digests (a secret, read once). */
  keyPepper: PepperSource;
  /** The one SSRF-safe client for every outbound request (scans, webhooks). */
  fetcher: Fetcher;
  /** The payment provider: Stripe, or without a Stripe key the local stack's own (shared/adapters/billing/create-billing.ts). */
  billing: BillingProvider;
  /** Seals the secrets the service must read back (webhook signing secrets): KMS in AWS. */
  secretBox: SecretBox;
  /** Posts signed webhook deliveries through the SSRF-safe dispatcher. */
  webhookSender: WebhookSender;
  /** How URLs being validated have their host names resolved; undefined is the system resolver (tests pass their own). */
  lookup?: LookupFn | undefined;
  /** Markup already read in this process, for workers that scan the same shops again within minutes; undefined reads every page afresh. */
  markupCache?: PageMarkupCache | undefined;
  /** The scanner's Web Bot Auth keys (a secret of their own); undefined: scans sign nothing and the directory route fails. */
  webBotAuthKey?: WebBotAuthKeySource | undefined;
}

/** The outside-world parts a function is built with; the config, clock and logger come with every one. */
export type DependencyParts = Partial<Omit<Dependencies, 'config'>>;

const wirable = ['table', 'queue', 'mailer', 'keyPepper', 'fetcher', 'billing', 'secretBox', 'webhookSender'] as const;

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return new Logger({ serviceName: 'agent-readiness', logLevel: config.logLevel as 'INFO' });
}

/**
 * A function's dependencies from the parts its entry point builds (functions/*): each function
 * imports and builds only the clients it uses, so its bundle and cold start carry nothing else. A part
 * it was not built with fails loudly when touched, naming the entry point to wire it into.
 */
export function composeDependencies(config: Config, parts: DependencyParts): Dependencies {
  const deps = {
    config,
    clock: parts.clock ?? systemClock,
    logger: parts.logger ?? createLogger(config),
    lookup: parts.lookup,
    markupCache: parts.markupCache,
    webBotAuthKey: parts.webBotAuthKey,
  } as Dependencies;
  for (const name of wirable) {
    const part = parts[name];
    Object.defineProperty(deps, name, {
      enumerable: true,
      get: () => {
        if (part === undefined)
          throw new Error(`This function was built without ${name}: add it to its entry point's dependencies (functions/)`);
        return part;
      },
    });
  }
  return deps;
}
