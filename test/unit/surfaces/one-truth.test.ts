/**
 * One truth on every surface (issue 41): for one scan, the web report, the CLI's text and markdown, the JSON and
 * the MCP answer lead with the same first fix and give every assistant the same verdict. Run on recorded scans
 * of the fixture shops, at every tier.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { findingsOf } from '#shared/model/scans/findings.js';
import { verdictLabels } from '#shared/model/scans/result-labels.js';
import { summarySection } from '#shared/http/pages/report/summary-section.js';
import { assistantsSection } from '#shared/http/pages/report/assistants-section.js';
import { scanSummary } from '#shared/mcp/tool-schemas.js';
import { formatReport } from '#bin/cli/format-report.js';
import { formatMarkdown } from '#bin/cli/format-markdown.js';
import { mdText } from '#bin/cli/markdown-text.js';
import { calledEndpointClause, exercisedBuyLine, exercisedBuys, isProvenBuy, verdictLabelOf } from '#shared/model/scans/exercised-buys.js';
import { assistantLines } from '#shared/mcp/assistant-lines.js';

const goldenDir = path.join(import.meta.dirname, '..', 'scanner', 'golden');
const recorded = readdirSync(goldenDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, result: JSON.parse(readFileSync(path.join(goldenDir, name), 'utf8')) as ScanResult }))
  .filter(({ result }) => result.recommendations.length > 0);

describe.each(recorded)('$name', ({ result }) => {
  const first = findingsOf(result.recommendations)[0]!.lead.title;

  it('leads with the same first fix everywhere', () => {
    expect(result.recommendations[0]!.title, 'JSON').toBe(first);
    const web = load(String(summarySection(result)));
    expect(web('ol.top-fixes li a').first().text(), 'web report').toBe(first);
    expect(
      formatReport(result)
        .split('\n')
        .find((line) => /^ {4}1\. \[/.test(line)),
      'CLI text',
    ).toContain(`] ${first}`);
    expect(
      formatMarkdown(result)
        .split('\n')
        .find((line) => line.startsWith('1. **')),
      'markdown',
    ).toContain(`**${mdText(first, 160)}**`);
    expect(scanSummary(result, null).topFixes[0]!.title, 'MCP').toBe(first);
  });

  it('gives every assistant the same verdict everywhere', () => {
    const mcp = scanSummary(result, null).assistants;
    const web = load(String(assistantsSection(result)));
    const text = formatReport(result);
    const markdown = formatMarkdown(result);
    const mcpText = assistantLines(scanSummary(result, null));
    for (const [index, assistant] of result.assistants.entries()) {
      // "Can buy, proven" where a checkout drive proved the buy step (issue 43), the verdict's label elsewhere.
      const label = verdictLabelOf(assistant);
      expect(label.startsWith(verdictLabels[assistant.verdict])).toBe(true);
      expect(mcp[index], 'MCP').toMatchObject({ id: assistant.id, verdict: assistant.verdict, buyProven: isProvenBuy(assistant) });
      expect(mcpText[index], 'MCP text').toContain(`: ${label.toLowerCase()}`);
      expect(web('table.assistants tbody tr').eq(index).text(), 'web report').toContain(label);
      expect(text, 'CLI text').toMatch(new RegExp(`\\n {4}${assistant.name} +${label.toLowerCase()} `));
      expect(markdown, 'markdown').toContain(`| ${mdText(assistant.name, 60)} | ${label} |`);
    }
  });

  it('says the same everywhere about each buy step a paid scan tried, and nothing where none was', () => {
    const buys = exercisedBuys(result.assistants);
    const mcp = scanSummary(result, null);
    const web = load(String(summarySection(result)));
    expect(web('li.exercised').length, 'web report').toBe(buys.length);
    expect(mcp.assistants.filter((assistant) => assistant.buyBasis === 'exercised').length, 'MCP').toBe(buys.length);
    for (const buy of buys) {
      const line = exercisedBuyLine(buy);
      expect(web('li.exercised').text(), 'web report').toContain(line);
      expect(formatReport(result), 'CLI text').toContain(line);
      expect(formatMarkdown(result), 'markdown').toContain(mdText(line));
      expect(assistantLines(mcp).join('\n'), 'MCP text').toContain(calledEndpointClause(buy.drive));
      expect(mcp.assistants.find((assistant) => assistant.name === buy.name)?.buyDrive, 'MCP').toEqual(buy.drive);
    }
  });
});

describe('a buy step a checkout drive proved', () => {
  const driven = recorded.find(({ name }) => name === 'agent-ready.growth.checkout-drive.json')!.result;
  const wrong = recorded.find(({ name }) => name === 'agent-ready.growth.wrong-totals.json')!.result;
  const google = (result: ScanResult) => result.assistants.find((assistant) => assistant.id === 'google')!;

  it('is shown as proven on every surface, and a failed drive never is', () => {
    expect(verdictLabelOf(google(driven))).toBe('Can buy, proven');
    expect(formatReport(driven)).toMatch(/\n {4}Google +can buy, proven /);
    expect(formatMarkdown(driven)).toContain('| Google | Can buy, proven |');
    expect(load(String(assistantsSection(driven)))('table.assistants').text()).toContain('Can buy, proven');
    expect(assistantLines(scanSummary(driven, null)).join('\n')).toContain('Google: can buy, proven');
    const line = exercisedBuyLine(exercisedBuys(driven.assistants).find((buy) => buy.name === 'Google')!);
    expect(line).toMatch(
      /^Google buys through http:\/\/shop\.test\/ucp\/v1\/checkout-sessions, proven by a checkout the scan drove there \(never completed\): created a checkout for 1 × /,
    );
    expect(isProvenBuy(google(wrong))).toBe(false);
    expect(formatReport(wrong)).not.toContain('proven');
    expect(exercisedBuyLine(exercisedBuys(wrong.assistants).find((buy) => buy.name === 'Google')!)).toContain(
      'where a checkout the scan drove (never completed) went wrong: ',
    );
  });
});
