import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { detectBotWall } from '#shared/scanner/parse/bot-wall-detector.js';
import { looksLikeHtmlDocument } from '#shared/scanner/parse/soft-404.js';
import { markdownLinkOf } from '#shared/scanner/markdown-link.js';
import { isSuccess, resourceOf, retrievalProblem, unreadableReason } from '#shared/scanner/checks/read-artifacts.js';

/** `Accept: text/markdown` answered with a 2xx markdown body, or a rel=alternate markdown link (element or Link header). */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const link = markdownLinkOf(artifacts.homepage);
  if (link !== null)
    return outcome.pass('The homepage links a Markdown version (rel=alternate type=text/markdown)', [
      evidence(artifacts.homepage.url, `<link rel="alternate" type="text/markdown" href="${link}">`),
    ]);
  // The homepage being unreadable leaves the missing <link> unknown, so only a markdown answer can decide.
  const homepageUnread = unreadableReason(artifacts.homepage) !== null;
  if (artifacts.site.markdown === null) {
    if (homepageUnread)
      return outcome.notAssessed('The homepage could not be read to look for a Markdown version', [
        evidence(artifacts.homepage.url, unreadableReason(artifacts.homepage)),
      ]);
    return outcome.fail(
      'No Markdown version: the homepage links none, and its answer does not vary by Accept, so Accept: text/markdown gets the same HTML',
      [evidence(artifacts.homepage.url, 'no <link rel="alternate" type="text/markdown">, no Vary: Accept')],
    );
  }
  const { url, retrieval } = artifacts.site.markdown;
  const resource = resourceOf(retrieval);
  if (!resource) {
    const problem = retrievalProblem(retrieval) ?? 'not fetched';
    return outcome.notAssessed(`The Markdown request could not be made: ${problem}`, [evidence(url, problem)]);
  }
  const contentType = resource.headers['content-type'] ?? 'no content type';
  const wall = detectBotWall({ status: resource.status, headers: resource.headers, body: resource.text });
  if (wall.kind !== 'none')
    return outcome.notAssessed(`The Markdown request was blocked or rate limited (${wall.evidence ?? `HTTP ${resource.status}`})`, [
      evidence(url, wall.evidence ?? null),
    ]);

  const isMarkdown = /^\s*text\/markdown\b/i.test(contentType) && resource.text.trim() !== '' && !looksLikeHtmlDocument(resource.text);
  if (isSuccess(resource) && isMarkdown) {
    return outcome.pass('The homepage answers Accept: text/markdown with Markdown', [
      evidence(url, `HTTP ${resource.status}, Content-Type: ${contentType}, ${resource.bytes} bytes`),
    ]);
  }
  if (homepageUnread)
    return outcome.notAssessed('The homepage could not be read to look for a Markdown link', [
      evidence(url, `HTTP ${resource.status}, Content-Type: ${contentType}`),
    ]);
  return outcome.fail('No Markdown version: Accept: text/markdown gets no Markdown and the homepage links none', [
    evidence(url, `Accept: text/markdown answered HTTP ${resource.status}, Content-Type: ${contentType}`),
    evidence(artifacts.homepage.url, 'no <link rel="alternate" type="text/markdown">'),
  ]);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  return {
    title: 'Offer a Markdown version of your pages',
    why: `Markdown gives agents your content without markup noise, in a fraction of the tokens: ${result.evidence.map((item) => `${item.url ?? ''}: ${item.value ?? ''}`).join('; ')}.`,
    fix: 'Answer requests with Accept: text/markdown with a Markdown rendering of the page (Cloudflare "Markdown for Agents" does this at the edge), or publish /index.md and link it from the homepage head.',
    snippet: `<link rel="alternate" type="text/markdown" href="${artifacts.site.origin}/index.md">`,
    effort: 'M',
  };
}

export const markdownAlternate: CheckDefinition = {
  id: 'markdown_alternate',
  dimension: 'raw_html',
  title: 'A Markdown version is offered',
  points: 1,
  evaluate,
  advise,
};
