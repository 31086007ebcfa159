/**
 * "What agents see" measured against the ground truth of all 93 real product pages, by the product
 * extraction benchmark's method: per page and field, a right value is a true positive, a wrong one a
 * false positive and a false negative, a missing one a false negative, a value where the label has
 * none a false positive. Every page counts, not only those whose markup states the field. Labels the
 * tests document as wrong (EXCEPTIONS: '.' thousands separators, stale markup) count the documented
 * value as right. Scored on all pages and on each set of page-sets.ts (development, validation).
 */
import { analysePage } from '#shared/scanner/analyse-page.js';
import type { Retrieval } from '#shared/scanner/artifacts.js';
import { decodeText } from '#shared/outbound/decode-text.js';
import { hasProductMarkup, isConfirmedProduct } from '#shared/scanner/discovery.js';
import type { ProductPages } from '#test/support/outside-data.js';
import { EXCEPTIONS, sameAvailability } from './real-page-truth.js';
import { shopOf, splitBySet, type PageSet } from './page-sets.js';

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

const fields: readonly ScoredField[] = ['price', 'availability', 'sku'];

function retrievalOf(url: string, body: Buffer, contentType = 'text/html'): Retrieval {
  const headers = { 'content-type': contentType };
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

/** One page's outcome for one field: counts towards the tallies, and a miss unless it is right. */
interface Outcome {
  field: ScoredField;
  tp: number;
  fp: number;
  fn: number;
  fromText: boolean;
  miss?: Miss;
}

export interface ScoredPage {
  id: string;
  url: string;
  set: PageSet;
  outcomes: Outcome[];
  /** Recognised as a product page from the page itself, as discovery confirms one (isConfirmedProduct). */
  recognised: boolean;
  /** The page carries product markup a scan reads (hasProductMarkup): never, on a text-only copy. */
  markup: boolean;
}

/** What a page is turned into before it is read: the text-only corpus (issue 42) strips its product markup. */
export type PageTransform = (html: string) => string;

function outcomeOf(field: ScoredField, id: string, url: string, value: string | null, labels: string[], fromText: boolean): Outcome {
  const miss = { id, url, field, value, labels };
  if (value === null)
    return labels.length === 0 ? { field, tp: 0, fp: 0, fn: 0, fromText } : { field, tp: 0, fp: 0, fn: 1, fromText, miss };
  if (labels.length === 0) return { field, tp: 0, fp: 1, fn: 0, fromText, miss };
  if (isRight(field, id, value, labels)) return { field, tp: 1, fp: 0, fn: 0, fromText };
  return { field, tp: 0, fp: 1, fn: 1, fromText, miss };
}

/** Every page (or only `set`'s) analysed once, as a product page of a scan reads it, and scored per field. */
export function scorePages(corpus: ProductPages, set?: PageSet, transform?: PageTransform): ScoredPage[] {
  const truth = corpus.groundTruth();
  const sets = splitBySet(Object.fromEntries(Object.entries(truth).map(([id, page]) => [id, page.url])));
  return Object.keys(truth)
    .sort()
    .filter((id) => set === undefined || sets.get(id) === set)
    .map((id) => {
      const { url } = truth[id]!;
      const html = corpus.html(id);
      // A transformed page is written back as UTF-8, and says so: its <meta charset> may name the original's.
      const retrieval = transform
        ? retrievalOf(url, Buffer.from(transform(decodeText(html, 'text/html').text)), 'text/html; charset=utf-8')
        : retrievalOf(url, html);
      const page = analysePage(url, 'product', retrieval);
      const outcomes = fields.map((field) => {
        const value = page.agentView?.[field] ?? null;
        const fromText = value !== null && page.agentView?.sources[field] === 'text';
        return outcomeOf(field, id, url, value, truth[id]![field] ?? [], fromText);
      });
      return { id, url, set: sets.get(id)!, outcomes, recognised: isConfirmedProduct(page), markup: hasProductMarkup(page) };
    });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function scoresOf(pages: readonly ScoredPage[]): FieldScore[] {
  return fields.map((field) => {
    const outcomes = pages.map((page) => page.outcomes.find((outcome) => outcome.field === field)!);
    const sum = (count: (outcome: Outcome) => number) => outcomes.reduce((total, outcome) => total + count(outcome), 0);
    const [tp, fp, fn] = [sum((o) => o.tp), sum((o) => o.fp), sum((o) => o.fn)];
    const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
    const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return {
      field,
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      precision: round(precision),
      recall: round(recall),
      f1: round(f1),
      fromText: sum((o) => (o.fromText ? 1 : 0)),
    };
  });
}

/** Each page's facts as a product page of a scan reads them, scored per field; `set`: only that set's pages. */
export function measureExtraction(corpus: ProductPages, set?: PageSet): { pages: number; scores: FieldScore[]; misses: Miss[] } {
  const pages = scorePages(corpus, set);
  const misses = pages.flatMap((page) => page.outcomes.flatMap((outcome) => (outcome.miss ? [outcome.miss] : [])));
  return { pages: pages.length, scores: scoresOf(pages), misses };
}

export type ScoredSet = PageSet | 'all';
export interface SetScores {
  set: ScoredSet;
  pages: number;
  shops: number;
  scores: FieldScore[];
}

/**
 * All pages, the development set and the validation set from one analysis of every page. Aggregates only:
 * the validation set's pages are measured, never read for rules (docs/decisions/074-extraction-generalisation.md).
 */
export function measureExtractionBySet(corpus: ProductPages): Record<ScoredSet, SetScores> {
  const pages = scorePages(corpus);
  const of = (set: ScoredSet): SetScores => {
    const chosen = pages.filter((page) => set === 'all' || page.set === set);
    return { set, pages: chosen.length, shops: new Set(chosen.map((page) => shopOf(page.url))).size, scores: scoresOf(chosen) };
  };
  return { all: of('all'), development: of('development'), validation: of('validation') };
}
