/**
 * "What agents see" measured against the ground truth of all 93 real product pages, by the product
 * extraction benchmark's method: per page and field, a right value is a true positive, a wrong one a
 * false positive and a false negative, a missing one a false negative, a value where the label has
 * none a false positive. Every page counts, not only those whose markup states the field. Labels the
 * tests document as wrong (EXCEPTIONS: '.' thousands separators, stale markup) count the documented
 * value as right.
 */
import { analysePage } from '#shared/scanner/analyse-page.js';
import type { Retrieval } from '#shared/scanner/artifacts.js';
import { decodeText } from '#shared/outbound/decode-text.js';
import { EXCEPTIONS, loadGroundTruth, readRealPage, sameAvailability, type GroundTruth } from './real-page-truth.js';
import { splitBySet, type PageSet } from './page-sets.js';

export type ScoredField = 'price' | 'availability' | 'sku';
export interface FieldScore {
  field: ScoredField;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  /** Pages whose value came from the visible text rather than markup. */
  fromText: number;
}

type Truth = GroundTruth & { sku?: string[] };
const fields: readonly ScoredField[] = ['price', 'availability', 'sku'];

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
      timing: { startedAt: 0, ttfbMs: 0, totalMs: 0 },
    },
  };
}

function isRight(field: ScoredField, id: string, value: string, labels: readonly string[]): boolean {
  const excepted = EXCEPTIONS[id]?.find((exception) => exception.field === field);
  if (excepted && excepted.extracted === value) return true;
  switch (field) {
    case 'price':
      return labels.some((label) => Number(label.trim()) === Number(value));
    case 'availability':
      return labels.some((label) => sameAvailability(value, label));
    case 'sku':
      return labels.some((label) => label.trim().toLowerCase() === value.trim().toLowerCase());
  }
}

export interface Miss {
  id: string;
  url: string;
  field: ScoredField;
  value: string | null;
  labels: string[];
}

/** Each page's facts as a product page of a scan reads them, scored per field; `set`: only that set's pages. */
export function measureExtraction(set?: PageSet): { pages: number; scores: FieldScore[]; misses: Miss[] } {
  const all = loadGroundTruth() as Record<string, Truth>;
  const sets = splitBySet(Object.fromEntries(Object.entries(all).map(([id, page]) => [id, page.url])));
  const truth = Object.fromEntries(Object.entries(all).filter(([id]) => set === undefined || sets.get(id) === set));
  const tallies = new Map(fields.map((field) => [field, { tp: 0, fp: 0, fn: 0, fromText: 0 }]));
  const misses: Miss[] = [];
  for (const id of Object.keys(truth).sort()) {
    const url = truth[id]!.url;
    const page = analysePage(url, 'product', retrievalOf(url, readRealPage(id)));
    for (const field of fields) {
      const tally = tallies.get(field)!;
      const value = page.agentView?.[field] ?? null;
      const labels = truth[id]![field] ?? [];
      if (value !== null && page.agentView?.sources[field] === 'text') tally.fromText += 1;
      if (value === null && labels.length === 0) continue;
      if (value === null) tally.fn += 1;
      else if (labels.length === 0) tally.fp += 1;
      else if (isRight(field, id, value, labels)) tally.tp += 1;
      else {
        tally.fp += 1;
        tally.fn += 1;
      }
      if (value === null ? labels.length > 0 : labels.length === 0 || !isRight(field, id, value, labels))
        misses.push({ id, url, field, value, labels });
    }
  }
  const scores = fields.map((field) => {
    const { tp, fp, fn, fromText } = tallies.get(field)!;
    const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
    const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    const round = (n: number) => Math.round(n * 1000) / 1000;
    return {
      field,
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      precision: round(precision),
      recall: round(recall),
      f1: round(f1),
      fromText,
    };
  });
  return { pages: Object.keys(truth).length, scores, misses };
}
