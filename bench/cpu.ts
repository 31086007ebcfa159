/**
 * Analysis CPU per page, apart from fetching: for each of the 93 real product pages (a third party's,
 * read through test/support/outside-data.ts), `analysePage` on the page, then every check's `evaluate` on
 * the artifacts of a pro scan of it (the page as the product page beside a small homepage).
 */
import { analysePage } from '#shared/scanner/analyse-page.js';
import type { Artifacts, Retrieval } from '#shared/scanner/artifacts.js';
import { allChecks } from '#shared/scanner/checks/index.js';
import { decodeText } from '#shared/outbound/index.js';
import type { ProductPages } from '#test/support/outside-data.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import { cpuMs, median, percentile, round } from './stats.js';

export interface CpuStats {
  pages: number;
  analyseMs: { median: number; p95: number; max: number };
  checksMs: { median: number; p95: number; max: number };
  totalMs: { median: number; p95: number; max: number };
  /** The checks that cost the most, summed over all pages. */
  topChecks: { id: string; totalMs: number; medianMs: number; maxMs: number }[];
  /** The slowest pages, with their size. */
  slowestPages: { id: string; kib: number; analyseMs: number; checksMs: number }[];
}

function retrievalOf(url: string, body: Buffer): Retrieval {
  const headers = { 'content-type': 'text/html' };
  const { text, charset } = decodeText(body, headers['content-type']);
  return {
    state: 'fetched',
    resource: {
      requestedUrl: url,
      finalUrl: url,
      status: 200,
      headers,
      redirects: [],
      body,
      text,
      charset,
      bytes: body.length,
      truncated: false,
      timing: { startedAt: 0, ttfbMs: 80, totalMs: 120 },
    },
  };
}

function summary(values: readonly number[]): { median: number; p95: number; max: number } {
  return { median: round(median(values)), p95: round(percentile(values, 95)), max: round(Math.max(...values)) };
}

export function runCpuBench(corpus: ProductPages): CpuStats {
  const ids = Object.keys(corpus.groundTruth()).sort();
  const bodies = ids.map((id) => ({ id, body: corpus.html(id) }));
  const base = buildArtifacts({
    origin: 'https://shop.example',
    tier: 'pro',
    homepage: '<!doctype html><html><head><title>Shop</title></head><body><h1>Shop</h1><p>Welcome.</p></body></html>',
    robots: 'User-agent: *\nAllow: /\n',
  });
  const checkTimes = new Map<string, number[]>();
  const analyse: number[] = [];
  const checks: number[] = [];
  const perPage: CpuStats['slowestPages'] = [];

  // Warm-up: compile the hot paths before measuring.
  for (const { body } of bodies.slice(0, 5)) {
    const page = analysePage(
      'https://shop.example/products/warm-up',
      'product',
      retrievalOf('https://shop.example/products/warm-up', body),
    );
    const artifacts: Artifacts = { ...base, productPages: [page] };
    for (const check of allChecks) check.evaluate(artifacts);
  }

  for (const { id, body } of bodies) {
    const url = `https://shop.example/products/${id.slice(0, 12)}`;
    const retrieval = retrievalOf(url, body);
    const analysed = cpuMs(() => analysePage(url, 'product', retrieval));
    const artifacts: Artifacts = { ...base, productPages: [analysed.value] };
    let checksTotal = 0;
    for (const check of allChecks) {
      const { ms } = cpuMs(() => check.evaluate(artifacts));
      checksTotal += ms;
      checkTimes.set(check.id, [...(checkTimes.get(check.id) ?? []), ms]);
    }
    analyse.push(analysed.ms);
    checks.push(checksTotal);
    perPage.push({ id: id.slice(0, 12), kib: Math.round(body.length / 1024), analyseMs: round(analysed.ms), checksMs: round(checksTotal) });
  }

  return {
    pages: bodies.length,
    analyseMs: summary(analyse),
    checksMs: summary(checks),
    totalMs: summary(analyse.map((ms, i) => ms + checks[i]!)),
    topChecks: [...checkTimes]
      .map(([id, times]) => ({
        id,
        totalMs: round(times.reduce((a, b) => a + b, 0)),
        medianMs: round(median(times)),
        maxMs: round(Math.max(...times)),
      }))
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, 6),
    slowestPages: perPage.sort((a, b) => b.analyseMs + b.checksMs - (a.analyseMs + a.checksMs)).slice(0, 3),
  };
}
