import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { firstFailingStep } from '#shared/model/scans/first-failing-step.js';
import { findingsOf, firstFixNames } from '#shared/model/scans/findings.js';
import { stepStatusLabels } from '#shared/model/scans/result-labels.js';
import { findGaps } from '#shared/model/scans/find-gaps.js';
import { exercisedBuyLine, exercisedBuys, verdictLabelOf } from '#shared/model/scans/exercised-buys.js';
import { bandLabels, statusLabels, utcTime } from '#shared/http/pages/report/words.js';
import { accessHead, accessOf, accessStanding, edgeFindings } from '#shared/model/scans/access-words.js';
import type { AssistantAccess } from '#shared/model/scans/scan-result.js';
import { hostOf, webHref } from '#shared/http/pages/report/words.js';
import { mdCode, mdLink, mdText } from '#bin/cli/markdown-text.js';

/** GitHub refuses a comment over 65,536 characters; the default leaves room for a marker or a heading around the report. */
export const githubCommentLimit = 65_536;
const defaultMaxLength = 60_000;

export interface MarkdownOptions {
  /** The report's page on the service that ran the scan, when there is one to link to. */
  reportUrl?: string | null;
  /** How many fixes to list, in the order the report recommends them. */
  topFixes?: number;
  /** The longest report to write, in UTF-16 code units (never more than a comment holds). */
  maxLength?: number;
}

/**
 * A part of the report: its opening lines, its rows (table rows or list items, left out from the end when the
 * report would be too long) and its closing lines.
 */
interface Section {
  head: string[];
  rows: string[];
  tail: string[];
}

const bandEmoji: Record<ScanResult['band'], string> = {
  agent_ready: '🟢',
  partially_ready: '🟡',
  needs_work: '🟠',
  not_ready: '🔴',
};

function headline(result: ScanResult): Section {
  const head = [
    `## ${bandEmoji[result.band]} Agent readiness: ${result.score}/100 (${bandLabels[result.band]})`,
    '',
    `${mdCode(result.url)} · ${mdText(result.tier)} tier · ${Math.round(result.coverage * 100)}% of the rubric assessed · platform: ${mdText(result.platform)}`,
  ];
  const caps = result.caps.map((cap) => `- Capped at ${cap.limit}: ${mdText(cap.reason)}`);
  return { head: caps.length > 0 ? [...head, ''] : head, rows: caps, tail: [] };
}

function assistants(result: ScanResult): Section | null {
  if (result.assistants.length === 0) return null;
  const fixNames = firstFixNames(result);
  const rows = result.assistants.map((assistant) => {
    const step = firstFailingStep(assistant);
    const stops = step === undefined ? 'every step passes' : `${step.step} ${stepStatusLabels[step.status]}: ${step.reason}`;
    const fix = assistant.firstFix === null ? '' : fixNames(assistant.firstFix).title;
    return `| ${mdText(assistant.name, 60)} | ${verdictLabelOf(assistant)} | ${mdText(stops)} | ${mdText(fix, 120)} |`;
  });
  const gaps = [
    ...findGaps(result.assistants).map((gap) => `- ${mdText(gap.name, 60)} finds the shop with a gap: ${mdText(gap.reason)}`),
    ...exercisedBuys(result.assistants).map((buy) => `- ${mdText(exercisedBuyLine(buy))}`),
  ];
  return {
    head: ['### What each assistant can do', '', '| Assistant | Verdict | Where it stops | First fix |', '| --- | --- | --- | --- |'],
    rows,
    tail: gaps.length > 0 ? ['', ...gaps] : [],
  };
}

/** The vendor's page: a link named by its host when it is a web address, else inert text. */
function vendorPage(source: string): string {
  const href = webHref(source);
  if (href !== null) {
    try {
      return mdLink(hostOf(href), href);
    } catch {
      // not a URL after all: shown as text below
    }
  }
  return mdCode(source);
}

function accessItems(access: AssistantAccess): string[] {
  const vendor =
    access.robots === 'no_agent' ? '' : ` ${mdText(access.vendorSays)}${access.source === null ? '' : ` (${vendorPage(access.source)})`}`;
  return [
    `  - ${mdText(accessHead(access), 160)}: ${mdText(accessStanding(access))}.${vendor}`,
    ...(access.edge === undefined ? [] : edgeFindings(access.edge).map((finding) => `  - Edge: ${mdText(finding, 500)}.`)),
  ];
}

/**
 * Each assistant's search and user-initiated visits apart (what robots.txt says, the vendor's word and page)
 * and the edge probe's finding: one list item per assistant, its roles beneath; none for a result made before them.
 */
function access(result: ScanResult): Section | null {
  const rows = result.assistants
    .filter((assistant) => accessOf(assistant).length > 0)
    .map((assistant) => [`- **${mdText(assistant.name, 60)}**`, ...accessOf(assistant).flatMap(accessItems)].join('\n'));
  if (rows.length === 0) return null;
  return { head: ['#### Search and user-initiated visits', ''], rows, tail: [] };
}

function dimensions(result: ScanResult): Section {
  const rows = result.dimensions.map(
    (dimension) =>
      `| ${mdText(dimension.name, 80)} | ${dimension.score === null ? 'not assessed' : `${dimension.score}/100`} | ${dimension.weight} |`,
  );
  return { head: ['### Dimensions', '', '| Dimension | Score | Weight |', '| --- | ---: | ---: |'], rows, tail: [] };
}

/** The report page's order (shared/http/pages/report/fixes-section.ts): by priority, then gain; one entry per change. */
function fixes(result: ScanResult, topFixes: number): Section | null {
  const ordered = findingsOf(result.recommendations);
  const shown = ordered.slice(0, topFixes);
  if (shown.length === 0) return null;
  const rows = shown.map(
    (fix, index) =>
      `${index + 1}. **${mdText(fix.lead.title, 160)}** (${fix.priority}, +${Math.round(fix.estimatedGain * 10) / 10} points, effort ${fix.effort}): ${mdText(fix.lead.why)}${
        fix.also.length > 0 ? ` Also fixes: ${fix.also.map((also) => mdText(also.title, 160)).join('; ')}.` : ''
      }`,
  );
  return { head: [`### Top fixes (${shown.length} of ${ordered.length})`, ''], rows, tail: [] };
}

function checksNotPassed(result: ScanResult): Section | null {
  const open = result.checks.filter((check) => check.status === 'warn' || check.status === 'fail');
  if (open.length === 0) return null;
  const dimensionName = new Map(result.dimensions.map((dimension) => [dimension.id, dimension.name]));
  return {
    head: [
      '<details>',
      `<summary>Checks that did not pass (${open.length})</summary>`,
      '',
      '| Status | Check | Dimension | Finding |',
      '| --- | --- | --- | --- |',
    ],
    rows: open.map(
      (check) =>
        `| ${statusLabels[check.status]} | ${mdText(check.title, 120)} | ${mdText(dimensionName.get(check.dimension) ?? check.dimension, 80)} | ${mdText(check.summary)} |`,
    ),
    tail: ['', '</details>'],
  };
}

function products(result: ScanResult): Section | null {
  if (result.products.length === 0) return null;
  return {
    head: [
      '<details>',
      `<summary>What agents see (${result.products.length} product ${result.products.length === 1 ? 'page' : 'pages'})</summary>`,
      '',
      '| Product | Price | Availability | SKU | GTIN | Page |',
      '| --- | --- | --- | --- | --- | --- |',
    ],
    rows: result.products.map((product) => {
      const price = product.price === null ? 'no price' : `${product.price} ${product.currency ?? '(no currency)'}`;
      return `| ${mdText(product.name ?? '(no name)', 120)} | ${mdText(price, 40)} | ${mdText(product.availability ?? 'unknown', 60)} | ${product.sku === null ? '–' : mdText(product.sku, 60)} | ${product.gtin === null ? '–' : mdText(product.gtin, 20)} | ${mdCode(product.url, { cell: true })} |`;
    }),
    tail: ['', '</details>'],
  };
}

function footer(result: ScanResult, reportUrl: string | null | undefined, shortened: boolean): string[] {
  const lines = ['', '---', ''];
  if (shortened) lines.push('_Shortened to fit a comment: some rows are left out._', '');
  if (reportUrl) lines.push(`${mdLink('Full report', reportUrl)}`, '');
  lines.push(
    `<sub>agent-readiness-scan · scanner ${mdText(result.scannerVersion, 40)} · scanned ${mdText(utcTime(result.createdAt), 40)}</sub>`,
  );
  return lines;
}

/**
 * The report of one scan as GitHub-flavoured markdown, fit for a pull-request comment or a job summary: the
 * score and band, what each assistant can do and what reaches its search and user-initiated agents, the dimensions, the top fixes in the report's order, then (folded)
 * the checks that did not pass and what agents see. Everything the site supplied is escaped; the report
 * never exceeds `maxLength`, dropping rows from the end and saying so.
 */
export function formatMarkdown(result: ScanResult, options: MarkdownOptions = {}): string {
  const maxLength = Math.min(options.maxLength ?? defaultMaxLength, githubCommentLimit);
  const sections = [
    headline(result),
    assistants(result),
    access(result),
    dimensions(result),
    fixes(result, options.topFixes ?? 5),
    checksNotPassed(result),
    products(result),
  ].filter((section): section is Section => section !== null);
  const budget = maxLength - footer(result, options.reportUrl, true).join('\n').length - 1;
  const lines: string[] = [];
  let length = 0;
  let shortened = false;
  const fits = (more: string[]) => length + more.reduce((sum, line) => sum + line.length + 1, 0) <= budget;
  const add = (more: string[]) => {
    lines.push(...more);
    length += more.reduce((sum, line) => sum + line.length + 1, 0);
  };
  for (const [index, section] of sections.entries()) {
    const gap = index === 0 ? [] : [''];
    if (!fits([...gap, ...section.head, ...section.tail])) {
      shortened = true;
      break;
    }
    add([...gap, ...section.head]);
    for (const row of section.rows) {
      if (!fits([row, ...section.tail])) {
        shortened = true;
        break;
      }
      add([row]);
    }
    add(section.tail);
    if (shortened) break;
  }
  return [...lines, ...footer(result, options.reportUrl, shortened)].join('\n');
}

/** What a comment or the job summary says for a URL that could not be scanned, so it is not silently missing. */
export function scanFailedMarkdown(url: string, reason: string): string {
  return `## Agent readiness: not scanned\n\n${mdCode(url)}: ${mdText(reason)}`;
}
