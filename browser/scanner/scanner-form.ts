import { errorField, readJson } from '../shared/api.js';
import { byId, optionalById, requiredIn } from '../shared/dom.js';
import { scanStages } from '../shared/scan-stages.js';
import { duration } from '../shared/words.js';

/*
 * The public scanner's form: scan, stage progress, errors in plain words.
 */

// "ftp:", "mailto:", "javascript:"... but not "shop.example.com:8080" (a host and port, no scheme).
function otherScheme(text: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):(.*)$/i.exec(text);
  if (!match) return null;
  const [, scheme = '', rest = ''] = match;
  if (/^https?$/i.test(scheme) || /^\d+([/?#].*)?$/.test(rest)) return null;
  return `${scheme.toLowerCase()}:`;
}

// The API's 502 says "Scan failed: the URL may be unreachable (detail)": the page says it once, with the detail.
function unreachable(error: string, tried: string, bare: boolean): string {
  const detail = /\(([^)]*)\)\s*$/.exec(error)?.[1];
  if (detail !== undefined && /^it answered /.test(detail))
    return `The scan could not read ${tried}: ${detail}. Check the address, or try again later.`;
  // A name that does not resolve would not answer over http either: the hint is for a refused connection.
  if (bare && detail === undefined && /^https:\/\//.test(tried))
    return `We tried ${tried} and it did not answer; did you mean ${tried.replace(/^https:/, 'http:')}?`;
  return `We could not reach ${tried}${detail !== undefined ? `: ${detail}` : ''}. Check the address, or try again later.`;
}

function retryAfterSeconds(body: unknown): number {
  if (typeof body !== 'object' || body === null || !('retryAfterSeconds' in body)) return 0;
  return typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : 0;
}

function explain(status: number, body: unknown, retryAfter: string | null, tried: string, bare: boolean): string {
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
    const seconds = Number(retryAfter) || retryAfterSeconds(body);
    return `You have used today's free scans from this network. The next free scan is available in ${duration(seconds)}. Sign in for more scans.`;
  }
  if (status === 502) return unreachable(error, tried, bare);
  if (status === 504) return 'The site took too long to answer, so the scan stopped before it could finish. Try again later.';
  return `The scan failed (HTTP ${status}). Try again in a moment.`;
}

function scanId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('id' in body)) return null;
  return typeof body.id === 'string' && body.id ? body.id : null;
}

export function scannerForm(): void {
  const form = optionalById('scan-form', HTMLFormElement);
  if (form) wire(form);
}

function wire(form: HTMLFormElement): void {
  const input = byId('scan-url', HTMLInputElement);
  const button = requiredIn(form, 'button[type=submit]', HTMLButtonElement);
  const message = byId('scan-error', HTMLElement);
  const progress = byId('scan-progress', HTMLElement);
  const stages = scanStages(progress, byId('scan-elapsed', HTMLElement));

  function stop(): void {
    stages.stop();
    button.disabled = false;
    form.removeAttribute('aria-busy');
  }

  function fail(text: string): void {
    stop();
    progress.hidden = true;
    message.textContent = text;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    let url = input.value.trim();
    message.textContent = '';
    input.removeAttribute('aria-invalid');
    if (!url) return fail('Enter the address of a shop, for example https://shop.example.com.');
    const scheme = otherScheme(url);
    if (scheme)
      return fail(`That address starts with ${scheme}, which the scanner cannot read: enter a web address (http:// or https://).`);
    const bare = !/^https?:\/\//i.test(url);
    if (bare) url = `https://${url}`;
    const token = self.crypto && self.crypto.randomUUID ? self.crypto.randomUUID() : null;
    button.disabled = true;
    form.setAttribute('aria-busy', 'true');
    progress.hidden = false;
    stages.start(token);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (token) headers['x-scan-progress'] = token;
    fetch('/api/scan', { method: 'POST', headers, body: JSON.stringify({ url }) })
      .then((response) =>
        readJson(response).then((body) => {
          const id = response.status === 200 ? scanId(body) : null;
          if (id) {
            stages.show('done');
            stop();
            location.assign(`/r/${encodeURIComponent(id)}`);
            return;
          }
          fail(explain(response.status, body, response.headers.get('retry-after'), url, bare));
        }),
      )
      .catch(() => {
        fail('Could not reach the scanner. Check your connection and try again.');
      });
  });
}
