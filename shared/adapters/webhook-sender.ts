import type { TargetPolicy } from '#shared/outbound/target-policy.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import { createSafeDispatcher } from '#shared/outbound/safe-dispatcher.js';
import { validateTargetUrl } from '#shared/outbound/target-url.js';
import { describeDeliveryError, type DeliveryError } from '#shared/adapters/webhook-delivery-errors.js';

/** What one POST to an endpoint came to: its status, or why there was none. */
export type SendOutcome =
  | { kind: 'response'; statusCode: number; durationMs: number }
  | { kind: 'error'; error: DeliveryError; message: string; durationMs: number };

export interface PostOptions {
  /** This attempt's whole time (connecting, sending, the answer), when shorter than the sender's. */
  timeoutMs?: number;
}

export interface WebhookSender {
  post(url: string, body: string, headers: Record<string, string>, options?: PostOptions): Promise<SendOutcome>;
  close(): Promise<void>;
}

export interface WebhookSenderOptions {
  policy: TargetPolicy;
  /** The longest attempt: connecting, sending and the answer (10 s, docs/decisions/037-webhook-delivery.md). */
  timeoutMs?: number;
  lookup?: LookupFn;
  userAgent?: string;
}

/** Read from a response, then the connection is dropped: an endpoint's answer is its status. */
export const maxResponseBytes = 4 * 1024;
export const defaultDeliveryTimeoutMs = 10_000;

/**
 * Posts deliveries through the SSRF-safe dispatcher: the URL's rules and every connected address are
 * checked at send time (a name may have moved to a private address since the endpoint was registered),
 * redirects are not followed, and at most 4 KiB of the response is read.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const maxTimeoutMs = options.timeoutMs ?? defaultDeliveryTimeoutMs;
  const dispatcher = createSafeDispatcher({
    policy: options.policy,
    ...(options.lookup ? { lookup: options.lookup } : {}),
    timeouts: { connectMs: Math.min(maxTimeoutMs, 5_000), headersMs: maxTimeoutMs, requestMs: maxTimeoutMs },
  });
  const userAgent = options.userAgent ?? 'AgentReadinessScanner-Webhooks/1.0';
  return {
    async post(rawUrl, body, headers, postOptions = {}) {
      // One signal bounds everything, reading the answer included: a caller with a deadline (a test
      // delivery answering its HTTP request) gets the outcome by then whatever the endpoint does.
      const timeoutMs = Math.max(1, Math.min(maxTimeoutMs, postOptions.timeoutMs ?? maxTimeoutMs));
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const checked = validateTargetUrl(rawUrl, options.policy);
      if (!checked.ok) return { kind: 'error', error: 'blocked', message: describeDeliveryError('blocked', timeoutMs), durationMs: 0 };
      const url = checked.url;
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const response = await dispatcher.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': userAgent,
            'content-length': String(Buffer.byteLength(body)),
            ...headers,
          },
          body,
          signal,
          headersTimeout: timeoutMs,
          // Receivers dedupe on webhook-id (Standard Webhooks): a delivery is at least once already.
          repeatable: true,
        });
        await readAtMost(response.body, maxResponseBytes);
        return { kind: 'response', statusCode: response.statusCode, durationMs: elapsed() };
      } catch (error) {
        const kind = classifyError(error, signal.aborted);
        return { kind: 'error', error: kind, message: describeDeliveryError(kind, timeoutMs), durationMs: elapsed() };
      }
    },
    close: () => dispatcher.destroy(),
  };
}

/** Reads up to `limit` bytes and lets the rest go with the connection. */
async function readAtMost(body: NodeJS.ReadableStream & { destroy(): void }, limit: number): Promise<void> {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += (chunk as Buffer).length;
      if (read >= limit) break;
    }
  } catch {
    // The status is the answer; a body cut short changes nothing.
  } finally {
    if (read >= limit) body.destroy();
  }
}

function errorCode(error: unknown): string {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

function classifyError(error: unknown, timedOut: boolean): DeliveryError {
  const kind = (error as { kind?: unknown }).kind;
  if (timedOut || kind === 'timeout') return 'timeout';
  if (kind === 'blocked') return 'blocked';
  const code = errorCode(error);
  if (code === 'ECONNREFUSED') return 'refused';
  if (
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    (kind === 'unreachable' && /could not be resolved/.test(String((error as { detail?: unknown }).detail)))
  )
    return 'dns';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'tls';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') return 'reset';
  return 'network';
}
