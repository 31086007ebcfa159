/**
 * Scan results held byte for byte against the files in test/unit/scanner/golden/, recorded before the
 * code that produces them was restructured. Scans use a fixed clock; the loopback origin is replaced by
 * one name. A change that means to alter results re-records them with `RECORD_GOLDEN=1` on
 * golden-scans.test.ts and real-pages-scan.test.ts and shows the difference in its commit.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { ScanOptions, ScanResult } from '#shared/scanner/engine.js';
import { deriveSigningKey, type RequestSigner } from '#shared/outbound/web-bot-auth/index.js';

const GOLDEN_DIR = new URL('./golden/', import.meta.url);
const ORIGIN = 'http://shop.test';

export const recording = process.env.RECORD_GOLDEN === '1';
export const GOLDEN_NOW = Date.parse('2026-06-01T00:00:00.000Z');
export const goldenClock = (): number => GOLDEN_NOW;
export const GOLDEN_ID = 'golden';
/**
 * The shop serves from the test's own process, which shares two cores with other test files: time-outs
 * far beyond the defaults keep a starved event loop from turning a recorded answer into a timeout.
 */
export const PATIENT_TIMEOUTS = { connectMs: 60_000, headersMs: 60_000, bodyMs: 60_000, requestMs: 60_000 };
/** The shop's side of the same: idle connections stay open longer than any pause between two fetches. */
/** A fixed signing key, so the golden scans sign their Web Bot Auth request as a deployed service does. */
export const GOLDEN_SIGNER: RequestSigner = { key: deriveSigningKey('golden-scans'), agentOrigin: 'https://scanner.test' };

export const GOLDEN_SHOP = { now: goldenClock, keepAliveTimeoutMs: 300_000 };

/** How the recorded scans run: the fixed clock and signer, loopback shops, a deadline no starved run reaches. */
export function goldenScanOptions(
  tier: ScanOptions['tier'],
  productPageBudget: number,
  fetcher: ScanOptions['fetcher'],
): Pick<ScanOptions, 'tier' | 'productPageBudget' | 'fetcher' | 'policy' | 'deadline' | 'now' | 'webBotAuth' | 'ucpAgentProfile'> {
  return {
    tier,
    ucpAgentProfile: 'https://scanner.test/.well-known/ucp',
    productPageBudget,
    fetcher,
    policy: { allowPrivateHosts: ['127.0.0.1'] },
    deadline: GOLDEN_NOW + 300_000,
    now: goldenClock,
    webBotAuth: GOLDEN_SIGNER,
  };
}

export function canonical(result: ScanResult, origin: string): string {
  return `${JSON.stringify(result, null, 1).replaceAll(origin, ORIGIN)}\n`;
}

function read(name: string): string {
  const recorded = readFileSync(new URL(name, GOLDEN_DIR));
  return (name.endsWith('.gz') ? gunzipSync(recorded) : recorded).toString('utf8');
}

function write(name: string, text: string): void {
  mkdirSync(GOLDEN_DIR, { recursive: true });
  writeFileSync(new URL(name, GOLDEN_DIR), name.endsWith('.gz') ? gzipSync(text) : text);
}

/** One recorded result per file. */
export function holdsGolden(name: string, actual: string): void {
  if (recording) write(name, actual);
  else expect(actual).toBe(read(name));
}

/** Many results in one file, compared one by one so a failure names the page. */
export function holdsGoldenSeries(name: string, entries: ReadonlyArray<readonly [label: string, actual: string]>): void {
  if (recording) return write(name, entries.map(([, actual]) => actual).join(''));
  const recorded = read(name).split(/(?<=\n\}\n)/);
  expect(recorded).toHaveLength(entries.length);
  entries.forEach(([label, actual], index) => expect(actual, label).toBe(recorded[index]));
}
