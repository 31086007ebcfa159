import type { Artifacts, SiteFile } from '#shared/scanner/artifacts.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import type { LlmsTxtResult } from '#shared/scanner/parse/llms-txt-parser.js';
import { notFetchedReason, readPage, siteName, statusOf } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';

interface Document {
  file: SiteFile<LlmsTxtResult>;
  result: LlmsTxtResult;
}

function absence(file: SiteFile<LlmsTxtResult>): string {
  return notFetchedReason(file.retrieval) ?? file.result?.problems[0] ?? `answered HTTP ${statusOf(file.retrieval) ?? '?'}`;
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const files = [artifacts.site.llmsTxt, artifacts.site.agentsMd];
  const documents = files.flatMap((file): Document[] => (file.result?.present ? [{ file, result: file.result }] : []));
  const valid = documents.find((doc) => doc.result.valid);
  if (valid) {
    const { file, result } = valid;
    return outcome.pass(`${file.url} gives agents a Markdown guide to the shop ("${result.title ?? ''}", ${result.linkCount} links).`, [
      evidence(file.url, `H1 "${result.title ?? ''}", ${result.linkCount} links, ${result.length} characters`),
    ]);
  }
  const incomplete = documents[0];
  if (incomplete) {
    const problems = incomplete.result.problems.join('; ');
    return outcome.warn(`${incomplete.file.url} is there but incomplete: ${problems}.`, [evidence(incomplete.file.url, problems)]);
  }
  const unread = files.filter((file) => notFetchedReason(file.retrieval) !== null);
  if (unread.length > 0) {
    const reasons = unread.map((file) => `${file.url} ${absence(file)}`).join('; ');
    return outcome.notAssessed(
      `llms.txt not checked: ${reasons}.`,
      unread.map((file) => evidence(file.url, absence(file))),
    );
  }
  return outcome.notApplicable(
    'No /llms.txt or /agents.md: optional, not scored.',
    files.map((file) => evidence(file.url, absence(file))),
  );
}

const LINK_TOPICS: [label: string, pattern: RegExp][] = [
  ['Shipping', /shipping|delivery/i],
  ['Returns', /return|refund/i],
  ['Contact', /contact/i],
];

/** Homepage links to the pages an llms.txt should point at, found by their link text. */
function policyLinks(artifacts: Artifacts): string[] {
  const reading = readPage(artifacts.homepage);
  if (!reading.readable) return [];
  const { facts, url } = reading.page;
  const anchors = facts.anchors;
  return LINK_TOPICS.flatMap(([label, pattern]) => {
    const anchor = anchors.find((a) => pattern.test(a.text) && a.href !== '' && !a.href.startsWith('#'));
    if (!anchor) return [];
    try {
      return [`- [${label}](${new URL(anchor.href, url).href})`];
    } catch {
      return [];
    }
  });
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const origin = artifacts.site.origin;
  const name = siteName(artifacts);
  const policies = policyLinks(artifacts);
  return {
    title: 'Complete your llms.txt',
    why: because(
      'Agents read llms.txt as a short map of the shop; llmstxt.org expects an H1, a summary and Markdown links (at least 50 characters in all).',
      result,
    ),
    fix: 'Start the file with "# <shop name>", add a one-line summary as a blockquote, then Markdown links to your main collections, policies and the sitemap.',
    snippet: [
      `# ${name}`,
      '',
      `> What ${name} sells, where it ships, and where agents find prices and policies.`,
      '',
      '## Shop',
      '',
      `- [Home](${origin}/): collections and best sellers`,
      `- [Sitemap](${origin}/sitemap.xml): every product URL`,
      ...(policies.length > 0 ? ['', '## Policies', '', ...policies] : []),
    ].join('\n'),
    effort: 'S',
  };
}

export const llmsTxtCheck: CheckDefinition = {
  id: 'llms_txt',
  dimension: 'discovery',
  title: 'llms.txt or agents.md',
  points: 1,
  evaluate,
  advise,
};
