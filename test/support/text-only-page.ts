import { load } from 'cheerio';

/** Attributes of microdata and RDFa: what a page says about its product in markup rather than in its text. */
const MARKUP_ATTRIBUTES = [
  'itemscope',
  'itemtype',
  'itemprop',
  'itemid',
  'itemref',
  'property',
  'typeof',
  'vocab',
  'resource',
  'prefix',
  'about',
  'rel',
  'datatype',
];

/**
 * A product page as an agent that reads only the text would have it (issue 42): every piece of product markup
 * taken out, the visible text left as it was. Gone: every <script> (JSON-LD, and the JSON app state a text
 * reader never sees), <meta> tags other than charset and viewport (Open Graph and product tags, itemprop
 * metas), microdata and RDFa attributes, every data-* attribute (prices, stock and ids in data-price,
 * data-product-json…), `content` outside <meta>, hidden inputs, and <template>. Derived at test time from a
 * page of the corpus, never stored.
 */
export function textOnlyPage(html: string): string {
  const $ = load(html);
  $('script, template, input[type="hidden" i]').remove();
  $('meta').each((_, meta) => {
    const attributes = Object.keys(meta.attribs);
    const keep = attributes.includes('charset') || (meta.attribs.name ?? '').toLowerCase() === 'viewport';
    if (!keep) $(meta).remove();
  });
  $('*').each((_, element) => {
    if (!('attribs' in element)) return;
    for (const name of Object.keys(element.attribs)) {
      const lower = name.toLowerCase();
      if (MARKUP_ATTRIBUTES.includes(lower) || lower.startsWith('data-') || (lower === 'content' && element.tagName !== 'meta'))
        $(element).removeAttr(name);
    }
  });
  return $.html();
}
