import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { escapeHtml } from '#shared/model/escape-html.js';
import { bandColours, noScoreColour } from './band-colours.js';
import { bandLabels } from './report/words.js';

/*
 * The two-part badge ("agent readiness | 72 partially ready") in the flat look of shields.io, as a
 * standalone SVG document. Every text is escaped; widths come from the text (Verdana 11px advances).
 */

const labelText = 'agent readiness';
const labelColour = '#555';
const height = 20;
/** Space on either side of each part's text. */
const padding = 6;

/** Advance widths of Verdana at 11px for the characters badges mostly carry; others take an average. */
const advances: Record<string, number> = {
  ' ': 3.9,
  '.': 4.4,
  ',': 4.4,
  ':': 4.7,
  '-': 5.0,
  '/': 5.0,
  '(': 5.4,
  ')': 5.4,
  "'": 3.0,
  '!': 4.7,
  '|': 5.0,
  ...Object.fromEntries([...'0123456789'].map((digit) => [digit, 7.0])),
  a: 6.7,
  b: 6.9,
  c: 5.8,
  d: 6.9,
  e: 6.6,
  f: 3.9,
  g: 6.9,
  h: 7.0,
  i: 3.0,
  j: 3.8,
  k: 6.5,
  l: 3.0,
  m: 10.7,
  n: 7.0,
  o: 6.7,
  p: 6.9,
  q: 6.9,
  r: 4.7,
  s: 5.7,
  t: 4.3,
  u: 7.0,
  v: 6.5,
  w: 8.9,
  x: 6.5,
  y: 6.5,
  z: 5.8,
  I: 4.6,
  M: 8.6,
  W: 10.9,
};
const upperCaseAdvance = 7.6;
const otherAdvance = 7.5;
/** CJK, Hangul and other wide scripts (from U+2E80). */
const wideAdvance = 11;

/** The text's width in pixels at Verdana 11px, to one decimal. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const known = advances[char];
    if (known !== undefined) width += known;
    else if (char >= 'A' && char <= 'Z') width += upperCaseAdvance;
    else width += char.codePointAt(0)! >= 0x2e80 ? wideAdvance : otherAdvance;
  }
  return Math.round(width * 10) / 10;
}

/** Whether XML 1.0 allows the code point (its `Char` production): no C0 controls but tab and newlines, no lone surrogates, no U+FFFE/U+FFFF. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** Text for XML content or a quoted attribute: markup escaped, characters XML refuses dropped. */
export function escapeXml(text: string): string {
  // Iterating by code point leaves a lone surrogate on its own, where isXmlChar refuses it.
  const allowed = [...text].filter((char) => isXmlChar(char.codePointAt(0)!)).join('');
  return escapeHtml(allowed);
}

export interface BadgeParts {
  /** The right part's text. */
  message: string;
  colour: string;
  /** The accessible name: the <title> and aria-label. */
  title: string;
  /** Where the badge leads when the SVG is opened itself (inside an <img> it cannot link). */
  href?: string;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Each part's text, with its drop shadow, centred in the part and held to its computed width. */
function partText(text: string, centre: number, width: number): string {
  const safe = escapeXml(text);
  const fit = `textLength="${width}" lengthAdjust="spacingAndGlyphs"`;
  return (
    `<text aria-hidden="true" x="${centre}" y="15" fill="#010101" fill-opacity=".3" ${fit}>${safe}</text>` +
    `<text x="${centre}" y="14" ${fit}>${safe}</text>`
  );
}

/** The badge as a standalone SVG document. */
export function badgeSvg(parts: BadgeParts): string {
  const labelWidth = textWidth(labelText);
  const messageWidth = textWidth(parts.message);
  const left = round(labelWidth + 2 * padding);
  const right = round(messageWidth + 2 * padding);
  const total = round(left + right);
  const title = escapeXml(parts.title);
  const body =
    `<g clip-path="url(#r)"><rect width="${left}" height="${height}" fill="${labelColour}"/>` +
    `<rect x="${left}" width="${right}" height="${height}" fill="${escapeXml(parts.colour)}"/>` +
    `<rect width="${total}" height="${height}" fill="url(#s)"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">` +
    partText(labelText, round(left / 2), labelWidth) +
    partText(parts.message, round(left + right / 2), messageWidth) +
    `</g>`;
  const linked = parts.href === undefined ? body : `<a href="${escapeXml(parts.href)}" target="_top">${body}</a>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="${height}" viewBox="0 0 ${total} ${height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<clipPath id="r"><rect width="${total}" height="${height}" rx="3" fill="#fff"/></clipPath>` +
    linked +
    `</svg>\n`
  );
}

export interface ScoreBadge {
  /** The shop's host, for the accessible text. */
  host: string;
  /** null: not scanned yet (a watched site before its first rescan). */
  score: number | null;
  band: ScanResult['band'] | null;
  href: string;
}

/** "agent readiness | 72 partially ready", coloured by band, titled with the shop's host. */
export function scoreBadgeSvg(badge: ScoreBadge): string {
  if (badge.score === null || badge.band === null) {
    return badgeSvg({
      message: 'not scanned yet',
      colour: noScoreColour,
      title: `${badge.host}: agent readiness not scanned yet`,
      href: badge.href,
    });
  }
  const band = bandLabels[badge.band];
  return badgeSvg({
    message: `${badge.score} ${band.toLowerCase()}`,
    colour: bandColours[badge.band],
    title: `${badge.host}: agent readiness ${badge.score}/100, ${band}`,
    href: badge.href,
  });
}

/**
 * The badge of a report that is gone (reports are kept for a while) or never was: it says so and leads to the
 * scanner, where the shop can be scanned again.
 */
export function noCurrentReportBadgeSvg(scannerUrl: string): string {
  return badgeSvg({
    message: 'no current report',
    colour: noScoreColour,
    title: 'No current agent readiness report: scan the shop again',
    href: scannerUrl,
  });
}

/** What a 404 answers in place of a badge, so an <img> shows why rather than a broken image. */
export function notFoundBadgeSvg(): string {
  return badgeSvg({ message: 'not found', colour: noScoreColour, title: 'Agent readiness badge not found' });
}
