import type { ScanResult } from '#shared/scanner/engine.js';

const statusMark: Record<string, string> = {
  pass: 'pass',
  warn: 'WARN',
  fail: 'FAIL',
  not_applicable: 'n/a',
  not_assessed: 'not assessed',
};

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** The human report of one scan: score, dimensions, caps, top fixes and what agents see. */
export function formatReport(result: ScanResult, topFixes = 5): string {
  const lines: string[] = [];
  lines.push(`${result.url}`);
  lines.push(
    `  Score ${result.score}/100 (${result.band.replace('_', ' ')}), ${result.tier} tier, ${Math.round(result.coverage * 100)}% of the rubric assessed, ${result.platform}`,
  );
  for (const cap of result.caps) lines.push(`  Capped at ${cap.limit}: ${cap.reason}`);
  lines.push('');
  lines.push('  Dimensions');
  for (const dimension of result.dimensions) {
    const score = dimension.score === null ? 'not assessed' : `${dimension.score}/100`;
    lines.push(`    ${pad(dimension.name, 38)} ${pad(score, 13)} weight ${dimension.weight}`);
    for (const check of result.checks.filter((c) => c.dimension === dimension.id && c.status !== 'pass')) {
      lines.push(`      ${pad(statusMark[check.status] ?? check.status, 13)} ${check.id}: ${check.summary}`);
    }
  }
  const fixes = result.recommendations.slice(0, topFixes);
  if (fixes.length > 0) {
    lines.push('');
    lines.push(`  Top fixes (of ${result.recommendations.length})`);
    fixes.forEach((fix, index) => {
      lines.push(`    ${index + 1}. [${fix.priority}, +${fix.estimatedGain} points, effort ${fix.effort}] ${fix.title}`);
      lines.push(`       ${fix.why}`);
    });
  }
  lines.push('');
  if (result.products.length === 0) {
    lines.push(
      result.tier === 'free'
        ? '  What agents see: no product pages on the free tier (homepage only)'
        : '  What agents see: no product page was found',
    );
  } else {
    lines.push('  What agents see');
    for (const product of result.products) {
      const price = product.price ? `${product.price} ${product.currency ?? '(no currency)'}` : 'no price';
      lines.push(
        `    ${product.name ?? '(no name)'}: ${price}, ${product.availability ?? 'availability unknown'}, sku ${product.sku ?? '-'}, gtin ${product.gtin ?? '-'} (${product.source ?? 'no markup'})`,
      );
      lines.push(`      ${product.url}`);
    }
  }
  return lines.join('\n');
}
