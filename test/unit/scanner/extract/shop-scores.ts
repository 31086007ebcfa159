/**
 * "What agents see" measured by shop, not by page (issue 42): each shop's pages are scored together and every
 * shop weighs one, so a shop with many pages cannot carry a rule that fails elsewhere. The rules are not
 * trained on data, so leaving one shop out changes nothing they do: the leave-one-shop-out figure of a field
 * is the mean over shops of each shop's own F1, beside the pooled figure, with the worst shops named.
 */
import type { ProductPages } from '#test/support/outside-data.js';
import { scorePages, scoresOf, type FieldScore, type PageTransform, type ScoredField, type ScoredPage } from './extraction-score.js';
import { shopOf } from './page-sets.js';

export interface ShopFigure {
  shop: string;
  pages: number;
  f1: number;
}

export interface FieldByShop {
  field: ScoredField;
  /** All pages' counts pooled, as extraction-score.ts counts them. */
  pooled: FieldScore;
  /** Shops with anything to score for the field (a label or a value). */
  shopsScored: number;
  /** The mean of the scored shops' own F1. */
  meanF1: number;
  /** The three lowest shops. */
  worst: ShopFigure[];
}

export interface CorpusByShop {
  corpus: 'markup' | 'text-only';
  pages: number;
  shops: number;
  fields: FieldByShop[];
  /** Pages recognised as product pages from the page itself (discovery's isConfirmedProduct). */
  recognised: number;
  /** Pages with product markup a scan reads: 0 on the text-only corpus, or its copies are not text-only. */
  withMarkup: number;
  /** The shops with pages not recognised, most missed first (at most three). */
  worstRecognised: Array<{ shop: string; pages: number; recognised: number }>;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function byShop(pages: readonly ScoredPage[]): Map<string, ScoredPage[]> {
  const shops = new Map<string, ScoredPage[]>();
  for (const page of pages) shops.set(shopOf(page.url), [...(shops.get(shopOf(page.url)) ?? []), page]);
  return shops;
}

function fieldByShop(field: ScoredField, pages: readonly ScoredPage[], shops: Map<string, ScoredPage[]>): FieldByShop {
  const pick = (scores: FieldScore[]) => scores.find((score) => score.field === field)!;
  const figures: ShopFigure[] = [];
  for (const [shop, own] of shops) {
    const score = pick(scoresOf(own));
    if (score.truePositives + score.falsePositives + score.falseNegatives === 0) continue;
    figures.push({ shop, pages: own.length, f1: score.f1 });
  }
  figures.sort((a, b) => a.f1 - b.f1 || a.shop.localeCompare(b.shop));
  const mean = figures.length === 0 ? 1 : figures.reduce((sum, figure) => sum + figure.f1, 0) / figures.length;
  return { field, pooled: pick(scoresOf(pages)), shopsScored: figures.length, meanF1: round(mean), worst: figures.slice(0, 3) };
}

/** Every page read once (after `transform`, for the text-only corpus), scored by shop. */
export function measureByShop(corpus: ProductPages, name: CorpusByShop['corpus'], transform?: PageTransform): CorpusByShop {
  const pages = scorePages(corpus, undefined, transform);
  const shops = byShop(pages);
  const unrecognised = [...shops]
    .map(([shop, own]) => ({ shop, pages: own.length, recognised: own.filter((page) => page.recognised).length }))
    .filter((entry) => entry.recognised < entry.pages)
    .sort((a, b) => b.pages - b.recognised - (a.pages - a.recognised) || a.shop.localeCompare(b.shop));
  return {
    corpus: name,
    pages: pages.length,
    shops: shops.size,
    fields: (['price', 'availability', 'sku'] as const).map((field) => fieldByShop(field, pages, shops)),
    recognised: pages.filter((page) => page.recognised).length,
    withMarkup: pages.filter((page) => page.markup).length,
    worstRecognised: unrecognised.slice(0, 3),
  };
}
