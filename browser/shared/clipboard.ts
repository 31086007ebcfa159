import { el } from './dom.js';

/** A button that copies `text` and says whether it did. */
export function copyButton(label: string, text: string): HTMLButtonElement {
  const copy = el('button', 'secondary', label);
  copy.type = 'button';
  copy.addEventListener('click', () => {
    navigator.clipboard.writeText(text).then(
      () => {
        copy.textContent = 'Copied';
      },
      () => {
        copy.textContent = 'Copy failed: select the key and copy it';
      },
    );
  });
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
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(pre.textContent || '').then(
        () => {
          button.textContent = 'Copied';
        },
        () => {
          button.textContent = 'Select and copy';
        },
      );
    });
    snippet.appendChild(button);
  }
}
