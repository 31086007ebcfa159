import { addCopyButtons } from './clipboard.js';

/** Every page: Copy buttons on snippets, and every check opened for printing. */
export function everyPage(): void {
  addCopyButtons();
  // A printed report shows every check's evidence.
  window.addEventListener('beforeprint', () => {
    for (const details of Array.from(document.querySelectorAll('details'))) details.open = true;
  });
}
