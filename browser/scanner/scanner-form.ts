import { errorField, retryAfterSeconds, type ApiAnswer } from '../shared/api.js';
import { byId, optionalById, requiredIn } from '../shared/dom.js';
import { submitScans, type ScanAddress } from '../shared/scan-submit.js';
import { duration } from '../shared/words.js';

/*
 * The public scanner's form: scan (POST /api/scan), stage progress, errors in plain words.
 */

// "ftp:", "mailto:", "javascript:"... but not "shop.example.com:8080" (a host and port, no scheme).
function otherScheme(text: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):(.*)$/i.exec(text);
  if (!match) return null;
  const [, scheme = '', rest = ''] = match;
  if (/^https?$/i.test(scheme) || /^\d+([/?#].*)?$/.test(rest)) return null;
  return `${scheme.toLowerCase()}:`;
}

/** What was typed as an address to scan: https:// in front of a bare host; refused with another scheme. */
function address(typed: string): ScanAddress | string {
  if (!typed) return 'Enter the address of a shop, for example https://shop.example.com.';
  const scheme = otherScheme(typed);
  if (scheme) return `That address starts with ${scheme}, which the scanner cannot read: enter a web address (http:// or https://).`;
  const bare = !/^https?:\/\//i.test(typed);
  return { url: bare ? `https://${typed}` : typed, bare };
}

// The API's 502 says "Scan failed: the URL may be unreachable (detail)": the page says it once, with the detail.
function unreachable(error: string, { url: tried, bare }: ScanAddress): string {
  const detail = /\(([^)]*)\)\s*$/.exec(error)?.[1];
  if (detail !== undefined && /^it answered /.test(detail))
    return `The scan could not read ${tried}: ${detail}. Check the address, or try again later.`;
  // A name that does not resolve would not answer over http either: the hint is for a refused connection.
  if (bare && detail === undefined && /^https:\/\//.test(tried))
    return `We tried ${tried} and it did not answer; did you mean ${tried.replace(/^https:/, 'http:')}?`;
  return `We could not reach ${tried}${detail !== undefined ? `: ${detail}` : ''}. Check the address, or try again later.`;
}

function explain(answer: ApiAnswer, tried: ScanAddress): string {
  const { status, body } = answer;
  const error = errorField(body) ?? '';
  if (status === 400) {
    // Validation messages name the field ("url: must point to a public address").
    const reason = error
      .replace(/^url: /, '')
      .replace(/^(?:url )?must /, 'it must ')
      .replace(/[.]$/, '');
    return `That address cannot be scanned: ${reason || 'it is not a valid public web address'}.`;
  }
  if (status === 429) {
    const seconds = Number(answer.retryAfter) || retryAfterSeconds(body);
    return `You have used today's free scans from this network. The next free scan is available in ${duration(seconds)}. Sign in for more scans.`;
  }
  if (status === 502) return unreachable(error, tried);
  if (status === 504) return 'The site took too long to answer, so the scan stopped before it could finish. Try again later.';
  return `The scan failed (HTTP ${status}). Try again in a moment.`;
}

export function scannerForm(): void {
  const form = optionalById('scan-form', HTMLFormElement);
  if (!form) return;
  const progress = byId('scan-progress', HTMLElement);
  submitScans({
    form,
    input: byId('scan-url', HTMLInputElement),
    button: requiredIn(form, 'button[type=submit]', HTMLButtonElement),
    message: byId('scan-error', HTMLElement),
    progress,
    stages: progress,
    elapsed: byId('scan-elapsed', HTMLElement),
    endpoint: '/api/scan',
    address,
    explain,
    reportPath: (id) => `/r/${encodeURIComponent(id)}`,
    unreachable: 'Could not reach the scanner. Check your connection and try again.',
  });
}
