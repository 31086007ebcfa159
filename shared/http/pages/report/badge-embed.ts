import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { html, type SafeHtml } from '../html.js';
import { bandLabels } from './words.js';

/** The badge's embed code for a README (Markdown) or a web page (HTML), linking back to `reportUrl`. */
export function badgeSnippets(badgeUrl: string, reportUrl: string, score: number | null, band: ScanResult['band'] | null) {
  const alt = score === null || band === null ? 'Agent readiness' : `Agent readiness ${score}: ${bandLabels[band]}`;
  return {
    markdown: `[![${alt}](${badgeUrl})](${reportUrl})`,
    html: `<a href="${reportUrl}"><img src="${badgeUrl}" alt="${alt}" height="20"></a>`,
  };
}

/** A closed <details> under the share link: the badge itself (from this host, as the page's policy allows), and its code to copy. */
export function badgeEmbed(result: ScanResult, shareUrl: string): SafeHtml {
  const badgeUrl = `${shareUrl}/badge.svg`;
  const snippets = badgeSnippets(badgeUrl, shareUrl, result.score, result.band);
  return html`<details class="no-print badge-embed"><summary>Show this score on your site or README</summary>
<p><img src="/r/${result.id}/badge.svg" loading="lazy" alt="Agent readiness ${result.score}: ${bandLabels[result.band]}" height="20"></p>
<p class="small">Markdown</p><div class="snippet"><pre><code>${snippets.markdown}</code></pre></div>
<p class="small">HTML</p><div class="snippet"><pre><code>${snippets.html}</code></pre></div>
<p class="small muted">The badge shows this result's score until this report expires${result.expiresAt ? html` on ${result.expiresAt.slice(0, 10)}` : ''}; then it says "no current report" and leads to the scanner. For a badge that stays current, watch the site from your dashboard and make its badge public: it follows the weekly rescans.</p>
</details>`;
}
