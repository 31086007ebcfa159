import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { htmlWeight } from './html-weight.js';
import { jsonldNotJs } from './jsonld-not-js.js';
import { markdownAlternate } from './markdown-alternate.js';
import { productFactsInHtml } from './product-facts-in-html.js';
import { ssrText } from './ssr-text.js';
import { ttfb } from './ttfb.js';

export { describeClientShell, isEmptyClientShell } from './ssr-text.js';

/** `raw_html` (15 points), in rubric order. */
export const rawHtmlChecks: CheckDefinition[] = [ssrText, productFactsInHtml, jsonldNotJs, htmlWeight, ttfb, markdownAlternate];
