/**
 * /.well-known/security.txt per RFC 9116.
 *
 * Types
 * - `SecurityTxtResult`: `present` (at least one Contact line; an HTML page or a file without
 *   Contact is a soft 404), `valid` (a usable Contact URI and exactly one Expires that is later
 *   than `now`), the `contacts`, `expires` (ISO string) and `expired`, whether the file was
 *   PGP-signed, and `problems`.
 */

import { looksLikeHtmlDocument, stripBom } from './soft-404.js';

export interface SecurityTxtResult {
  present: boolean;
  valid: boolean;
  contacts: string[];
  /** Normalised ISO 8601 instant of the first parseable Expires, else null. */
  expires: string | null;
  /** Null when there is no parseable Expires. */
  expired: boolean | null;
  signed: boolean;
  problems: string[];
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const ONE_YEAR_MS = 366 * 24 * 60 * 60 * 1000;

export function validateSecurityTxt(body: string, now: Date): SecurityTxtResult {
  const text = stripBom(body).trim();
  if (text === '' || looksLikeHtmlDocument(text)) {
    return absent(text === '' ? 'empty body' : 'HTML page served instead of security.txt (soft 404)');
  }
  const { content, signed } = unwrapPgpSignature(text);
  const fields = readFields(content);
  const contacts = fields.filter((f) => f.name === 'contact').map((f) => f.value);
  if (contacts.length === 0) return { ...absent('no Contact field'), signed };

  const problems: string[] = [];
  const usableContacts = contacts.filter((contact) => {
    const problem = contactProblem(contact);
    if (problem) problems.push(problem);
    return problem === null;
  });
  if (usableContacts.length === 0) problems.push('no Contact is a usable mailto:, tel: or https:// URI');

  const expiresValues = fields.filter((f) => f.name === 'expires').map((f) => f.value);
  if (expiresValues.length === 0) problems.push('Expires is missing (RFC 9116 requires it)');
  if (expiresValues.length > 1) problems.push('Expires appears more than once');
  const expiresRaw = expiresValues[0];
  const expiresMs = expiresRaw === undefined ? Number.NaN : Date.parse(expiresRaw);
  const expiresKnown = !Number.isNaN(expiresMs);
  if (expiresRaw !== undefined && !expiresKnown) problems.push(`Expires "${expiresRaw}" is not a date`);
  if (expiresRaw !== undefined && expiresKnown && !RFC3339.test(expiresRaw)) {
    problems.push(`Expires "${expiresRaw}" is not in RFC 3339 date-time format`);
  }
  const expired = expiresKnown ? expiresMs <= now.getTime() : null;
  if (expired) problems.push(`expired on ${new Date(expiresMs).toISOString()}`);
  if (expiresKnown && expiresMs - now.getTime() > ONE_YEAR_MS) {
    problems.push('Expires is more than a year ahead (RFC 9116 recommends less)');
  }

  const valid = usableContacts.length > 0 && expiresValues.length === 1 && expired === false;
  return {
    present: true,
    valid,
    contacts,
    expires: expiresKnown ? new Date(expiresMs).toISOString() : null,
    expired,
    signed,
    problems,
  };
}

function absent(problem: string): SecurityTxtResult {
  return { present: false, valid: false, contacts: [], expires: null, expired: null, signed: false, problems: [problem] };
}

/** OpenPGP cleartext signature (RFC 4880 §7): keep the signed text, undo dash-escaping. */
function unwrapPgpSignature(text: string): { content: string; signed: boolean } {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[0]?.trim() !== '-----BEGIN PGP SIGNED MESSAGE-----') return { content: text, signed: false };
  const headerEnd = lines.findIndex((line, i) => i > 0 && line.trim() === '');
  const signatureStart = lines.findIndex((line) => line.trim() === '-----BEGIN PGP SIGNATURE-----');
  const end = signatureStart < 0 ? lines.length : signatureStart;
  const signedLines = lines.slice(headerEnd < 0 ? 1 : headerEnd + 1, end).map((line) => (line.startsWith('- ') ? line.slice(2) : line));
  return { content: signedLines.join('\n'), signed: true };
}

function readFields(content: string): { name: string; value: string }[] {
  const fields: { name: string; value: string }[] = [];
  for (const rawLine of content.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z0-9-]+)\s*:\s*(.*)$/.exec(line);
    if (match?.[1] && match[2] !== undefined) fields.push({ name: match[1].toLowerCase(), value: match[2].trim() });
  }
  return fields;
}

function contactProblem(contact: string): string | null {
  if (/^(?:mailto|tel):\S+$/i.test(contact)) return null;
  if (/^https:\/\/\S+$/i.test(contact)) {
    try {
      new URL(contact);
      return null;
    } catch {
      return `Contact "${contact}" is not a valid URL`;
    }
  }
  if (/^http:\/\//i.test(contact)) return `Contact "${contact}" must use https://`;
  if (/^[^\s@:]+@[^\s@]+$/.test(contact)) return `Contact "${contact}" is an e-mail address without mailto:`;
  return `Contact "${contact}" is not a URI`;
}
