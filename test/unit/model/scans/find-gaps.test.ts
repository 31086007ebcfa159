/**
 * A partial block of an assistant's agents is visible wherever its verdict is shown (issue 41, item 2): the
 * report's summary and assistants tally, the CLI's text and markdown.
 */
import { describe, expect, it } from 'vitest';
import type { AssistantRecord, ScanResult } from '#shared/model/scans/scan-result.js';
import { findGaps } from '#shared/model/scans/find-gaps.js';
import { summarySection } from '#shared/http/pages/report/summary-section.js';
import { assistantsSection } from '#shared/http/pages/report/assistants-section.js';
import { formatReport } from '#bin/cli/format-report.js';
import { formatMarkdown } from '#bin/cli/format-markdown.js';
import { sampleResult } from '#test/support/scan-result-parts.js';

const partial =
  "robots.txt keeps Claude-SearchBot off / but lets it fetch 1 sampled product page (/products/desk), so the homepage stays out of Claude's search";

/** Claude finds the shop with a gap and stops at buy: the find warning is not the step the surfaces lead with. */
function withGap(): ScanResult {
  const result = sampleResult();
  const claude = result.assistants.find((assistant) => assistant.id === 'claude')!;
  const gapped: AssistantRecord = {
    ...claude,
    verdict: 'can_trust',
    steps: [
      { step: 'find', status: 'warn', checks: ['robots_ai_agents'], reason: partial },
      {
        step: 'read',
        status: 'pass',
        checks: ['product_facts_in_html'],
        reason: 'Claude can read product names and prices in the raw HTML',
      },
      { step: 'trust', status: 'pass', checks: ['policy_links'], reason: 'Policies are linked' },
      { step: 'buy', status: 'fail', checks: ['checkout_friction'], reason: 'A CAPTCHA guards the cart' },
    ],
  };
  return { ...result, assistants: result.assistants.map((assistant) => (assistant.id === 'claude' ? gapped : assistant)) };
}

describe('an assistant that finds the shop with a gap', () => {
  it('is listed with the find step’s reason, and only when another step leads', () => {
    const result = withGap();
    expect(findGaps(result.assistants)).toEqual([{ name: 'Claude', reason: partial }]);
    expect(findGaps(sampleResult().assistants)).toEqual([]);
  });

  it('shows on the report, in the CLI text and in the markdown', () => {
    const result = withGap();
    expect(String(summarySection(result))).toContain(`Claude finds the shop with a gap</strong>: ${partial.replace(/'/g, '&#39;')}.`);
    expect(String(assistantsSection(result))).toMatch(/1 finds it with a gap\./);
    expect(formatReport(result)).toContain(`    Claude finds the shop with a gap: ${partial}`);
    expect(formatMarkdown(result)).toContain(`- Claude finds the shop with a gap: ${partial.replace(/([()])/g, '\\$1')}`);
  });
});
