import type { ScanResult } from '#shared/scanner/engine.js';
import { findingsOf, firstFixNames } from '#shared/model/scans/findings.js';
import { firstFailingStep } from '#shared/model/scans/first-failing-step.js';
import { findGaps } from '#shared/model/scans/find-gaps.js';
import { exercisedBuyLine, exercisedBuys, verdictLabelOf } from '#shared/model/scans/exercised-buys.js';
import { signalStatusLabels, stepStatusLabels, versionStandingLabels } from '#shared/model/scans/result-labels.js';
import { accessLine, accessOf, edgeFindings } from '#shared/model/scans/access-words.js';
import type { AssistantRecord } from '#shared/model/scans/scan-result.js';
import { oneLine } from '#bin/cli/inert-output.js';

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

/**
 * Under an assistant's line, one line per role (what robots.txt says, whether the vendor says its agents may
 * ignore it, the vendor's page) and one per page the edge probe compared; none for a result made before them.
 */
function accessLines(assistant: AssistantRecord): string[] {
  return accessOf(assistant).flatMap((access) => [
    `      ${oneLine(accessLine(access))}${access.source === null ? '' : ` (${oneLine(access.source)})`}`,
    ...(access.edge === undefined ? [] : edgeFindings(access.edge).map((finding) => `      Edge: ${oneLine(finding)}`)),
  ]);
}

/** One line per assistant: its verdict, its first failing step and why, and the fix to make first; then its access by role. */
function assistantLines(result: ScanResult): string[] {
  if (result.assistants.length === 0) return [];
  const lines = ['', '  Assistants'];
  const nameWidth = Math.max(14, ...result.assistants.map((assistant) => oneLine(assistant.name).length + 1));
  const fixNames = firstFixNames(result);
  for (const assistant of result.assistants) {
    const step = firstFailingStep(assistant);
    const stopped = step === undefined ? 'every step passes' : `${step.step} ${stepStatusLabels[step.status]}: ${oneLine(step.reason)}`;
    const fixText = assistant.firstFix === null ? '' : `; first fix: ${oneLine(fixNames(assistant.firstFix).title)}`;
    lines.push(
      `    ${pad(oneLine(assistant.name), nameWidth)} ${pad(verdictLabelOf(assistant).toLowerCase(), 10)} ${stopped}${fixText}`,
      ...accessLines(assistant),
    );
  }
  for (const gap of findGaps(result.assistants)) lines.push(`    ${oneLine(gap.name)} finds the shop with a gap: ${oneLine(gap.reason)}`);
  for (const buy of exercisedBuys(result.assistants)) lines.push(`    ${oneLine(exercisedBuyLine(buy))}`);
  return lines;
}

/** One line per agent-facing document: its id, status, version and first problem. */
function signalLines(result: ScanResult): string[] {
  if (result.signals.length === 0) return [];
  const lines = ['', '  Agent-facing documents'];
  for (const signal of result.signals) {
    const [problem, ...more] = signal.problems;
    const [warning, ...moreWarnings] = signal.warnings ?? [];
    const problemText =
      problem !== undefined
        ? `  ${oneLine(problem)}${more.length > 0 ? ` (+${more.length} more)` : ''}`
        : warning !== undefined
          ? `  to improve: ${oneLine(warning)}${moreWarnings.length > 0 ? ` (+${moreWarnings.length} more)` : ''}`
          : '';
    const version = signal.version === undefined ? '-' : oneLine(signal.version);
    const standing = signal.versionStanding === undefined ? '' : ` (${versionStandingLabels[signal.versionStanding]})`;
    lines.push(
      `    ${pad(signal.id, 27)} ${pad(signalStatusLabels[signal.status].toLowerCase(), 12)} ${pad(`${version}${standing}`, 30)}${problemText}`.trimEnd(),
    );
  }
  return lines;
}

/**
 * The human report of one scan: score, caps, what each assistant can do, dimensions, top fixes, what
 * agents see and the agent-facing documents. Text the site supplied is put on one line (bin/cli/inert-output.ts).
 */
export function formatReport(result: ScanResult, topFixes = 5): string {
  const lines: string[] = [];
  lines.push(oneLine(result.url));
  lines.push(
    `  Score ${result.score}/100 (${result.band.replace('_', ' ')}), ${result.tier} tier, ${Math.round(result.coverage * 100)}% of the rubric assessed, ${result.platform}`,
  );
  for (const cap of result.caps) lines.push(`  Capped at ${cap.limit}: ${oneLine(cap.reason)}`);
  lines.push(...assistantLines(result));
  lines.push('');
  lines.push('  Dimensions');
  for (const dimension of result.dimensions) {
    const score = dimension.score === null ? 'not assessed' : `${dimension.score}/100`;
    lines.push(`    ${pad(oneLine(dimension.name), 38)} ${pad(score, 13)} weight ${dimension.weight}`);
    for (const check of result.checks.filter((c) => c.dimension === dimension.id && c.status !== 'pass')) {
      lines.push(`      ${pad(statusMark[check.status] ?? check.status, 13)} ${check.id}: ${oneLine(check.summary)}`);
    }
  }
  const findings = findingsOf(result.recommendations);
  const fixes = findings.slice(0, topFixes);
  if (fixes.length > 0) {
    lines.push('');
    lines.push(`  Top fixes (of ${findings.length})`);
    fixes.forEach((fix, index) => {
      lines.push(`    ${index + 1}. [${fix.priority}, +${fix.estimatedGain} points, effort ${fix.effort}] ${oneLine(fix.lead.title)}`);
      lines.push(`       ${oneLine(fix.lead.why)}`);
      if (fix.also.length > 0) lines.push(`       Also fixes: ${fix.also.map((also) => oneLine(also.title)).join('; ')}`);
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
      const facts = `${product.name ?? '(no name)'}: ${price}, ${product.availability ?? 'availability unknown'}, sku ${product.sku ?? '-'}, gtin ${product.gtin ?? '-'} (${product.source ?? 'no markup'})`;
      lines.push(`    ${oneLine(facts)}`);
      lines.push(`      ${oneLine(product.url)}`);
    }
  }
  lines.push(...signalLines(result));
  return lines.join('\n');
}
