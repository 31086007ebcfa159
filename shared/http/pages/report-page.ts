import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { findingsOf } from '#shared/model/scans/findings.js';
import { html, type SafeHtml } from './html.js';
import { layout, productName } from './layout.js';
import { assistantsSection } from './report/assistants-section.js';
import { checksSection, pagesSection } from './report/checks-section.js';
import { dimensionsSection } from './report/dimensions-section.js';
import { fixesSection } from './report/fixes-section.js';
import { productsSection } from './report/products-section.js';
import { signalsSection } from './report/signals-section.js';
import { summarySection } from './report/summary-section.js';
import { badgeEmbed } from './report/badge-embed.js';
import { bandLabels, hostOf } from './report/words.js';

/**
 * A scan's report, server-rendered and complete without JavaScript: summary (gauge, verdicts, top fixes),
 * contents, fixes, how the score is calculated, what each AI assistant can do, what agents see, the
 * agent-facing documents, every check with its evidence, and the pages read.
 * `shareUrl` is the report's public address (link previews); null for an owned scan.
 */
export function reportPage(result: ScanResult, shareUrl: string | null): string {
  const host = hostOf(result.finalUrl || result.url);
  const top = findingsOf(result.recommendations)[0]?.lead;
  return layout(
    {
      title: `${host} scores ${result.score}/100 for AI agent readiness - ${productName}`,
      description: `${bandLabels[result.band]}: ${host} scores ${result.score} out of 100 for how well AI shopping agents can reach it, read its products and buy.${top ? ` Top fix: ${top.title}.` : ''}`,
      noindex: true,
      ...(shareUrl === null ? {} : { canonicalUrl: shareUrl }),
    },
    reportContent(result, shareUrl),
  );
}

/** The report's sections in reading order, for the table of contents: [anchor, label]. */
const contents: ReadonlyArray<readonly [string, string]> = [
  ['fixes-title', 'Fixes'],
  ['score-title', 'How the score adds up'],
  ['assistants-title', 'Assistants'],
  ['products-title', 'What agents see'],
  ['signals-title', 'Documents'],
  ['checks-title', 'Checks'],
  ['pages-title', 'Pages'],
];

function tableOfContents(): SafeHtml {
  return html`<nav class="toc no-print" aria-label="Report contents"><span class="muted small">Contents:</span> <ul>${contents.map(([id, label]) => html`<li><a href="#${id}">${label}</a></li>`)}</ul></nav>`;
}

/**
 * The report without the page around it: what /r/{id} shows, and what GET /api/v1/scan/{id}/report
 * gives the dashboard for an owned scan (whose page reads it with the key kept in the tab).
 * The summary comes first; long parts are closed <details> that open without script (decision 072).
 */
export function reportContent(result: ScanResult, shareUrl: string | null): SafeHtml {
  return html`<div class="report">
${summarySection(result)}
${shareUrl !== null && html`<p class="no-print small">Share this report: <a href="${shareUrl}">${shareUrl}</a></p>`}
${shareUrl !== null && badgeEmbed(result, shareUrl)}
${tableOfContents()}
${fixesSection(result)}
${dimensionsSection(result)}
${assistantsSection(result)}
${productsSection(result)}
${signalsSection(result)}
${checksSection(result)}
${pagesSection(result)}
<p class="muted small">Scanner ${result.scannerVersion} · ${result.tier} scan · platform: ${result.platform}</p>
</div>`;
}
