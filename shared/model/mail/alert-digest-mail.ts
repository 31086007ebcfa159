import type { DigestEntry } from '#shared/model/rescans/digest-entry.js';
import { maxSitesPerToken } from '#shared/model/sites/alert-unsubscribe-token.js';
import { escapeHtml } from '#shared/model/escape-html.js';

const service = 'Agent Readiness Scanner';
/** The digest lists this many sites in full, each with its own unsubscribe link; any others are counted. */
export const listedSites = maxSitesPerToken;
const conditionWords = { drops_below: 'dropped below', rises_above: 'rose above', changes_by: 'moved by at least' } as const;

export interface AlertDigestInput {
  /** One per site, oldest first. */
  entries: readonly DigestEntry[];
  /** Changes the digest had no room for (counted, not kept). */
  dropped: number;
  /** The link that turns alerts off for these sites (their ids), without signing in. */
  unsubscribeUrl: (siteIds: readonly string[]) => string;
  /** The owner's pages in the dashboard: a scan's report and a watched site's page. */
  links: { report: (scanId: string) => string; site: (siteId: string) => string };
  settingsHint: string;
}

/** The dashboard's pages, from the service's public base address (PUBLIC_BASE_URL). */
export function dashboardLinks(publicBaseUrl: string): AlertDigestInput['links'] {
  const page = (path: string) => new URL(path, publicBaseUrl).toString();
  return {
    report: (scanId) => page(`/app/scans/${encodeURIComponent(scanId)}`),
    site: (siteId) => page(`/app/sites/${encodeURIComponent(siteId)}`),
  };
}

/** An entry's links: its report (entries stored before they kept the scan have none) and its site's page. */
function entryLinks(entry: DigestEntry, links: AlertDigestInput['links']): Array<{ label: string; href: string }> {
  return [
    ...(entry.scanId ? [{ label: 'Report', href: links.report(entry.scanId) }] : []),
    { label: 'Site page (history, thresholds, alerts)', href: links.site(entry.siteId) },
  ];
}

export interface AlertDigestMail {
  subject: string;
  text: string;
  html: string;
  headers: Array<{ name: string; value: string }>;
}

function scoreLine(entry: DigestEntry): string {
  if (entry.previousScore === null || entry.previousScore === entry.score) return `score ${entry.score}`;
  const change = entry.score - entry.previousScore;
  return `score ${entry.previousScore} → ${entry.score} (${change > 0 ? '+' : '−'}${Math.abs(change)})`;
}

/** The lines of one site's part, shared by the text and HTML bodies so they say the same. */
function siteLines(entry: DigestEntry): string[] {
  const more = entry.moreChecks ?? 0;
  return [
    ...entry.crossed.map((threshold) => `Threshold: the score ${conditionWords[threshold.condition]} ${threshold.value}.`),
    ...entry.worse.map((check) => `Worse: ${check.title} (${check.from} → ${check.to})`),
    ...entry.better.map((check) => `Better: ${check.title} (${check.from} → ${check.to})`),
    ...(more > 0 ? [`…and ${more} more changed check${more === 1 ? '' : 's'}.`] : []),
    ...(entry.topFix ? [`Top fix: ${entry.topFix.title}. ${entry.topFix.fix}`] : []),
  ];
}

/**
 * The e-mail of score changes and crossed thresholds, for accounts without a webhook for them. Every
 * one carries one-click unsubscribe (RFC 8058) for the sites it lists, and a visible link per site.
 */
export function alertDigestMail({ entries, dropped, unsubscribeUrl, links, settingsHint }: AlertDigestInput): AlertDigestMail {
  const listed = entries.slice(0, listedSites);
  const more = entries.length - listed.length + dropped;
  const allLink = unsubscribeUrl(listed.map((entry) => entry.siteId));
  const siteLink = (entry: DigestEntry) => (listed.length === 1 ? allLink : unsubscribeUrl([entry.siteId]));
  const subject =
    entries.length === 1 && dropped === 0
      ? `${entries[0]!.label}: ${scoreLine(entries[0]!)}`
      : `Score changes on ${dropped > 0 ? 'more than ' : ''}${entries.length} watched site${entries.length === 1 ? '' : 's'}`;
  const intro = `The latest rescans by ${service} found these changes:`;
  const moreLine =
    more > 0 ? [`…and ${more} more site change${more === 1 ? '' : 's'} (the scores of every site are on your watchlist).`] : [];
  const because = `You get this e-mail because alerts are on for ${listed.length === 1 ? 'this site' : 'these sites'}. ${settingsHint}`;
  const offAll = listed.length === 1 ? 'Turn off alerts for this site' : `Turn off alerts for the ${listed.length} sites above`;
  const text = [
    intro,
    '',
    ...listed.flatMap((entry) => [
      `${entry.label} (${entry.url}): ${scoreLine(entry)}`,
      ...siteLines(entry).map((line) => `  - ${line}`),
      ...entryLinks(entry, links).map((item) => `  ${item.label}: ${item.href}`),
      ...(listed.length > 1 ? [`  Turn off alerts for this site: ${siteLink(entry)}`] : []),
      '',
    ]),
    ...moreLine,
    because,
    `${offAll}: ${allLink}`,
    '',
  ].join('\n');
  const small = 'style="font-size: 13px; color: #555;"';
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">',
    `<p>${escapeHtml(intro)}</p>`,
    ...listed.map(
      (entry) =>
        `<h3 style="margin-bottom: 4px;">${escapeHtml(entry.label)}: ${escapeHtml(scoreLine(entry))}</h3>` +
        `<p style="margin-top: 0; font-size: 13px;">${escapeHtml(entry.url)}</p>` +
        `<ul>${siteLines(entry)
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join('')}</ul>` +
        `<p style="margin-top: 0;">${entryLinks(entry, links)
          .map((item) => `<a href="${escapeHtml(item.href)}">${escapeHtml(item.label)}</a>`)
          .join(' · ')}</p>` +
        (listed.length > 1 ? `<p ${small}><a href="${escapeHtml(siteLink(entry))}">Turn off alerts for this site</a></p>` : ''),
    ),
    ...moreLine.map((line) => `<p ${small}>${escapeHtml(line)}</p>`),
    `<p ${small}>${escapeHtml(because)}</p>`,
    `<p ${small}><a href="${escapeHtml(allLink)}">${escapeHtml(offAll)}</a></p>`,
    '</body></html>',
    '',
  ].join('\n');
  const headers = [
    { name: 'List-Unsubscribe', value: `<${allLink}>` },
    { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
  ];
  return { subject, text, html, headers };
}
