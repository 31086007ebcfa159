import { allEntities, entityValues, firstText, hasType, isProductLike } from '#shared/scanner/extract/index.js';
import type { Entity } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { outcome } from '#shared/scanner/checks/types.js';
import { mainProducts, productPagesToAssess } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupProductPage } from '#shared/scanner/checks/read-artifacts.js';
import { jsonLdScript } from '#shared/scanner/checks/wording.js';
import { average, pageList, productName, shortfallEvidence } from './per-page.js';
import type { PageResult } from './per-page.js';

const RATING_TYPES = new Set(['AggregateRating', 'Review']);

function describeRating(rating: Entity): string {
  const value = firstText(rating, 'ratingValue');
  const count = firstText(rating, 'reviewCount', 'ratingCount');
  return `aggregateRating ${value ?? '?'}${count ? ` from ${count} ratings` : ''}`;
}

/** What the page states about ratings, or null when it states nothing. */
function ratingsOf(page: MarkupProductPage): string | null {
  const entities = allEntities(page.structured);
  // The page's own product and its variants: related products' ratings say nothing about it.
  const mains = mainProducts(page.structured);
  const own = [...mains, ...mains.flatMap((m) => entityValues(m, 'hasVariant'))];
  for (const product of own) {
    const rating = entityValues(product, 'aggregateRating')[0];
    if (rating) return describeRating(rating);
    const reviews = entityValues(product, 'review');
    if (reviews.length > 0) return `${reviews.length} review${reviews.length === 1 ? '' : 's'}`;
  }
  // Review widgets often emit a separate AggregateRating / Review naming the product in itemReviewed.
  const separate = entities.find((e) => hasType(e, RATING_TYPES) && entityValues(e, 'itemReviewed').some(isProductLike));
  if (separate) return hasType(separate, new Set(['AggregateRating'])) ? describeRating(separate) : 'a Review with itemReviewed';
  return null;
}

function judgePage(page: MarkupProductPage): PageResult {
  const found = ratingsOf(page);
  return { url: page.url, score: found === null ? 0 : 1, shortfall: found === null ? 'no aggregateRating or review' : null };
}

export const reviews: CheckDefinition = {
  id: 'reviews',
  dimension: 'product_data',
  title: 'Ratings and reviews in structured data',
  points: 2,

  evaluate(artifacts) {
    const pages = productPagesToAssess(artifacts);
    if (!Array.isArray(pages)) return pages;
    const results = pages.map(judgePage);
    const short = results.filter((r) => r.score === 0);
    const summary =
      short.length === 0
        ? `Every product page checked states its ratings (${pages.map(ratingsOf).join('; ')}).`
        : `${pageList(short)} ${short.length === 1 ? 'states' : 'state'} no rating or review in structured data; agents rank products by ratings.`;
    return outcome.fraction(average(results) ?? 0, summary, shortfallEvidence(results));
  },

  advise(result, artifacts) {
    const pages = productPagesToAssess(artifacts);
    const page = Array.isArray(pages) ? pages.find((p) => ratingsOf(p) === null) : undefined;
    const found = result.evidence[0];
    return {
      title: 'Publish product ratings as aggregateRating',
      why: `Shopping agents rank and recommend products by their ratings (${found ? `${found.url}: ${found.value ?? ''}` : 'product pages state none'}), so your products compete without them.`,
      fix: 'If you collect reviews, add aggregateRating (ratingValue, reviewCount) and a few review entries to the Product JSON-LD; most review apps (Judge.me, Yotpo, Trustpilot, Reviews.io) have a setting for it. Publish only genuine reviews shown on the page.',
      snippet: page
        ? jsonLdScript({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: productName(page) ?? '<product name>',
            aggregateRating: { '@type': 'AggregateRating', ratingValue: '<average, e.g. 4.6>', reviewCount: '<number of reviews>' },
          })
        : null,
      effort: 'M',
    };
  },
};
