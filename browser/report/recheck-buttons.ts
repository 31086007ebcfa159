import { apiError, callApi } from '../shared/api.js';
import { isSession } from '../shared/credential.js';
import { append, el } from '../shared/dom.js';

/*
 * The owned report's "Re-check" buttons: one beside each fix, asking POST /api/v1/scan/{id}/recheck for the
 * checks that fix covers (its data-checks: one change may fix several) and saying in place what the site shows
 * now. Added by browser/report/owned-report.ts once the report is in the page.
 */

/** One check of POST /api/v1/scan/{id}/recheck's answer, as far as the button reads it. */
interface RecheckedCheck {
  checkId: string;
  fixed: boolean;
  after: { status: string; summary: string };
}

const statusWords: Record<string, string | undefined> = {
  pass: 'passes now',
  warn: 'still warns',
  fail: 'still fails',
  not_applicable: 'no longer applies',
  not_assessed: 'could not be assessed this time',
};

function outcomeText(check: RecheckedCheck): string {
  if (check.fixed) return `Fixed: this check passes now. ${check.after.summary}`;
  return `Re-checked: this check ${statusWords[check.after.status] || check.after.status}. ${check.after.summary}`;
}

/** Several checks: how many are fixed, then each one's state in a few words. */
function outcomesText(checks: readonly RecheckedCheck[]): string {
  if (checks.length === 1) return outcomeText(checks[0]!);
  const fixed = checks.filter((check) => check.fixed).length;
  const states = checks.map((check) => `${check.checkId} ${statusWords[check.after.status] || check.after.status}`);
  return `Re-checked ${checks.length} checks, ${fixed} fixed: ${states.join('; ')}.`;
}

function recheck(scanId: string, checkIds: string[], credential: string, button: HTMLButtonElement, line: HTMLElement): void {
  // Re-checking is metered as a scan (decision 009 keeps a dashboard session off metered routes).
  if (isSession(credential)) {
    line.textContent =
      'A re-check counts as a scan, so it needs an API key: the dashboard session you signed in with by e-mail cannot run it.';
    return;
  }
  button.disabled = true;
  line.textContent = 'Re-checking…';
  void callApi<{ checks: RecheckedCheck[] }>('POST', `/api/v1/scan/${encodeURIComponent(scanId)}/recheck`, credential, {
    checks: checkIds,
  })
    .then((answer) => {
      if (answer.status !== 200) {
        line.textContent = apiError(answer, 'The re-check');
        return;
      }
      const checks = answer.body.checks;
      line.textContent = checks.length > 0 ? outcomesText(checks) : 'Nothing to re-check.';
    })
    .catch(() => {
      line.textContent = 'Could not reach the service. Try again.';
    })
    .then(() => {
      button.disabled = false;
    });
}

/** Adds a button and its status line under the heading of every fix in `root`. */
export function addRecheckButtons(root: ParentNode, scanId: string, credential: string): void {
  for (const entry of Array.from(root.querySelectorAll('ol.fixes > li[id^="fix-"]'))) {
    const checkId = entry.id.slice('fix-'.length);
    const checkIds = (entry.getAttribute('data-checks') || checkId).split(' ');
    const title = entry.querySelector('h3');
    const button = el('button', 'secondary recheck', 'Re-check');
    button.type = 'button';
    button.setAttribute('aria-label', `Re-check: ${title ? title.textContent : checkId}`);
    const line = el('p', 'small recheck-status');
    line.id = `${entry.id}-recheck`;
    line.setAttribute('role', 'status');
    button.setAttribute('aria-describedby', line.id);
    button.addEventListener('click', () => {
      recheck(scanId, checkIds, credential, button, line);
    });
    const head = entry.querySelector('.fix-head');
    const box = append(el('div', 'recheck-box no-print'), [button, line]);
    entry.insertBefore(box, head ? head.nextSibling : entry.firstChild);
  }
}
