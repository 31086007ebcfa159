import { setMaxListeners } from 'node:events';
import type { Retrieval } from '#shared/scanner/artifacts.js';
import { isFetchError } from '#shared/outbound/fetch-error.js';
import type { Timeouts } from '#shared/outbound/timeouts.js';
import type { FetchOptions, Fetcher } from '#shared/outbound/types.js';

export interface FetchLogEntry {
  url: string;
  accept: string | null;
  /** The vendor's User-Agent string the request carried before the scanner's own (the edge probe); null otherwise. */
  agentUserAgent: string | null;
  /** How many fetches had to finish, one after another, before this one could start (1 = at once). */
  round: number;
  startedAt: number;
  endedAt: number;
  outcome: string;
}

/** Too little time left to be worth starting a request. */
const minimumStartBudgetMs = 300;

/**
 * One scan's view of the fetcher: every URL fetched at most once (per Accept), nothing started after
 * the deadline, one abort for everything still running when the scan ends, and a log of rounds for
 * the benchmark's critical-path figure.
 */
export class FetchSession {
  readonly log: FetchLogEntry[] = [];
  private readonly inFlight = new Map<string, Promise<Retrieval>>();
  private readonly controller = new AbortController();

  constructor(
    private readonly fetcher: Fetcher,
    readonly deadline: number,
    private readonly now: () => number = Date.now,
  ) {
    // Every request of the scan listens on the one abort signal; a scan makes a few dozen at most.
    setMaxListeners(100, this.controller.signal);
  }

  get(url: string, options: Omit<FetchOptions, 'deadline' | 'signal'>, round: number): Promise<Retrieval> {
    // A signed request (extra headers), or one carrying a vendor's User-Agent, is its own request, never the
    // scanner's plain request of the same URL.
    const signed = options.headers || options.headersFor ? 'signed' : '';
    const agent = options.agentUserAgent ?? '';
    const key = `${options.accept ?? ''} ${options.followRedirects === false ? 'nofollow' : ''} ${signed} ${agent} ${url}`;
    const existing = this.inFlight.get(key);
    if (existing) return existing;
    const pending = this.run(url, options, round);
    this.inFlight.set(key, pending);
    return pending;
  }

  /**
   * One request of a drive (shared/scanner/drives): never shared with another request of the same URL, since
   * each carries its own message; `signal` ends it early (the drive's own time-out) as the scan's end does.
   */
  send(url: string, options: Omit<FetchOptions, 'deadline' | 'signal'>, round: number, signal?: AbortSignal): Promise<Retrieval> {
    return this.run(url, options, round, signal);
  }

  remainingMs(): number {
    return this.deadline - this.now();
  }

  /**
   * Time-outs for the one fetch a scan cannot do without (the scanned page): whatever is left of the
   * scan, instead of the per-request time-outs that keep secondary files from holding the scan up.
   * A shop that takes 8 s to answer is slow, not unreachable.
   */
  untilDeadline(): Partial<Omit<Timeouts, 'connectMs'>> {
    const left = Math.max(1, this.remainingMs());
    return { headersMs: left, bodyMs: left, requestMs: left };
  }

  /** Stops every request still running. */
  abort(): void {
    this.controller.abort();
  }

  private async run(
    url: string,
    options: Omit<FetchOptions, 'deadline' | 'signal'>,
    round: number,
    signal?: AbortSignal,
  ): Promise<Retrieval> {
    const startedAt = this.now();
    const entry: FetchLogEntry = {
      url,
      accept: options.accept ?? null,
      agentUserAgent: options.agentUserAgent ?? null,
      round,
      startedAt,
      endedAt: startedAt,
      outcome: 'skipped',
    };
    this.log.push(entry);
    if (this.remainingMs() < minimumStartBudgetMs) return { state: 'skipped', reason: 'deadline' };
    try {
      const ended = signal ? AbortSignal.any([this.controller.signal, signal]) : this.controller.signal;
      const fetched = await this.fetcher.fetch(url, { ...options, deadline: this.deadline, signal: ended });
      entry.outcome = String(fetched.status);
      // Pages are read as text: the raw bytes of a 2 MiB page need not stay alive as long as the scan.
      const resource = options.kind === 'html' ? { ...fetched, body: Buffer.alloc(0) } : fetched;
      return { state: 'fetched', resource };
    } catch (error) {
      if (!isFetchError(error)) throw error;
      entry.outcome = error.kind;
      return { state: 'failed', reason: error.kind };
    } finally {
      entry.endedAt = this.now();
    }
  }
}
