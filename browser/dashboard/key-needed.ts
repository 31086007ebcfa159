import { append, el, link } from '../shared/dom.js';

/**
 * Scans, batches and adding a watched site are metered: a dashboard session may not run them (decision 009).
 * What a section says instead, naming `what` ("Scans", "Batch scans", …).
 */
export function keyNeeded(box: HTMLElement, what: string): void {
  append(box, [
    el(
      'p',
      'notice',
      `${what} count against your plan, so they need an API key: the dashboard session you signed in with by e-mail cannot run them.`,
    ),
    append(el('p', 'small'), [
      document.createTextNode('Create a key under '),
      link('#keys-title', 'API keys'),
      document.createTextNode(', then choose "Sign out" and open the dashboard again with that key.'),
    ]),
  ]);
}
