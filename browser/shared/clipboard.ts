import { el } from './dom.js';

/**
 * Copies `text()` to the clipboard on each click of `button`, and says on the button whether that worked:
 * 'Copied', or `failed` (what to do instead).
 */
export function copyOnClick(button: HTMLButtonElement, text: () => string, failed: string): void {
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(text()).then(
      () => {
        button.textContent = 'Copied';
      },
      () => {
        button.textContent = failed;
      },
    );
  });
}

/** A button that copies a secret shown once (a new key, a signing secret) and says whether it did. */
export function copyButton(label: string, text: string): HTMLButtonElement {
  const copy = el('button', 'secondary', label);
  copy.type = 'button';
  copyOnClick(copy, () => text, 'Copy failed: select the key and copy it');
  return copy;
}

/** Copy buttons: each sits in a .snippet beside the <pre> it copies. */
export function addCopyButtons(within: ParentNode = document): void {
  for (const snippet of Array.from(within.querySelectorAll('.snippet'))) {
    const pre = snippet.querySelector('pre');
    // Only where the page may use the clipboard (a secure context).
    if (!pre || !navigator.clipboard) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy this snippet');
    copyOnClick(button, () => pre.textContent || '', 'Select and copy');
    snippet.appendChild(button);
  }
}
