import type { DigestEntry } from '#shared/domain/rescans/digest-entry.js';
import { escapeHtml } from '#shared/http/pages/escape-html.js';

const service = 'Agent Readiness Scanner';
/** The digest lists this many sites in full; any others are counted. */
const listedSites = 25;
const conditionWords = { drops_below: 'dropped below', rises_above: 'rose above', changes_by: 'moved by at least' } as const;

function scoreLine(entry: DigestEntry): string {
  if (entry.previousScore === null || entry.previousScore === entry.score) return `score ${entry.score}`;
  const change = entry.score - entry.previousScore;
  return `score ${entry.previousScore} → ${entry.score} (${change > 0 ? '+' : '−'}${Math.abs(change)})`;
}

/** The lines of one site's part, shared by the text and HTML bodies so they say the same. */
function siteLines(entry: DigestEntry): string[] {
  return [
    ...entry.crossed.map((threshold) => `Threshold: the score ${conditionWords[threshold.condition]} ${threshold.value}.`),
    ...entry.worse.map((check) => `Worse: ${check.title} (${check.from} → ${check.to})`),
    ...entry.better.map((check) => `Better: ${check.title} (${check.from} → ${check.to})`),
    ...(entry.topFix ? [`Top fix: ${entry.topFix.title}. ${entry.topFix.fix}`] : []),
  ];
}

/** The weekly e-mail of score changes and crossed thresholds, for accounts without a webhook for them. */
export function alertDigestMail(entries: readonly DigestEntry[], settingsHint: string): { subject: string; text: string; html: string } {
  const listed = entries.slice(0, listedSites);
  const more = entries.length - listed.length;
  const subject = entries.length === 1 ? `${entries[0]!.label}: ${scoreLine(entries[0]!)}` : `Score changes on ${entries.length} watched sites`;
  const intro = `The latest rescans by ${service} found these changes:`;
  const outro = [
    ...(more > 0 ? [`…and ${more} more site${more === 1 ? '' : 's'}.`] : []),
    `You get this e-mail because alerts are on for these sites. ${settingsHint}`,
  ];
  const text = [
    intro,
    '',
    ...listed.flatMap((entry) => [`${entry.label} (${entry.url}): ${scoreLine(entry)}`, ...siteLines(entry).map((line) => `  - ${line}`), '']),
    ...outro,
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">',
    `<p>${escapeHtml(intro)}</p>`,
    ...listed.map(
      (entry) =>
        `<h3 style="margin-bottom: 4px;">${escapeHtml(entry.label)}: ${escapeHtml(scoreLine(entry))}</h3>` +
        `<p style="margin-top: 0; font-size: 13px;">${escapeHtml(entry.url)}</p>` +
        `<ul>${siteLines(entry).map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    ),
    ...outro.map((line) => `<p style="font-size: 13px; color: #555;">${escapeHtml(line)}</p>`),
    '</body></html>',
    '',
  ].join('\n');
  return { subject, text, html };
}
