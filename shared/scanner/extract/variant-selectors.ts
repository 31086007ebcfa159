/** Finding the variant choices (size, colour, ...) a product page offers in its raw HTML. */
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { elementsNamed, lowerAttr } from '#shared/scanner/parse/elements.js';

export interface VariantSelector {
  /** `choice`: a select or radio group named `label`; otherwise how the choice is built (`swatches`). */
  kind: 'choice' | 'marker';
  /** What the shopper picks, e.g. `Size`, or the marker, e.g. `swatches`. */
  label: string;
  /** The option labels, when the markup lists them. */
  options: string[];
}

// Names shops give variant inputs: English, German, French, Spanish, Italian, Dutch; WooCommerce
// `attribute_pa_*`, Shopify `options[Size]` and its hidden `id` select.
const VARIANT_NAME =
  /size|colou?r|variant|attribute_|gr(?:ö|oe?)(?:ss|ß)e|farbe|taille|couleur|pointure|talla|tama[ñn]o|taglia|colore|maat|kleur|flavou?r|product-?select/i;
const MIN_CHOICES = 2;
const MAX_OPTIONS = 8;
// Longer swatch texts are whole widgets ("Colours Chalk This is the current selected colour"), not an option.
const MAX_OPTION_TEXT = 30;

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function labelText($: CheerioAPI, id: string | undefined): string {
  if (id === undefined) return '';
  const label = elementsNamed($, 'label').find((candidate) => candidate.attribs.for === id);
  return label ? clean($.text([label])) : '';
}

function labelFor($: CheerioAPI, el: Element): string {
  const id = el.attribs.id;
  const label = labelText($, id);
  const legend = clean($(el).closest('fieldset').find('legend').first().text());
  return label || legend || el.attribs['aria-label'] || readableName(el.attribs.name ?? '') || id || '';
}

/** `attribute_pa_color` -> `color`, `options[Size]` -> `Size`. */
function readableName(name: string): string {
  return name.replace(/^attribute_(?:pa_)?/i, '').replace(/^options\[(.+)\]$/i, '$1');
}

function describes(el: Element, label: string): boolean {
  const attributes = [el.attribs.name, el.attribs.id, el.attribs['aria-label'], el.attribs['data-option-name'], label];
  return attributes.some((value) => value !== undefined && VARIANT_NAME.test(value));
}

function selects($: CheerioAPI): VariantSelector[] {
  const found: VariantSelector[] = [];
  for (const el of elementsNamed($, 'select')) {
    const label = labelFor($, el);
    if (!describes(el, label)) continue;
    const options = $(el)
      .find('option')
      .toArray()
      .filter((option) => option.attribs.value !== '' && option.attribs.disabled === undefined)
      .map((option) => clean($(option).text()))
      .filter((text) => text !== '');
    if (options.length >= MIN_CHOICES) found.push({ kind: 'choice', label: clean(label), options: options.slice(0, MAX_OPTIONS) });
  }
  return found;
}

function radioGroups($: CheerioAPI): VariantSelector[] {
  const groups = new Map<string, Element[]>();
  for (const el of elementsNamed($, 'input').filter((input) => lowerAttr(input, 'type') === 'radio')) {
    const name = el.attribs.name ?? '';
    groups.set(name, [...(groups.get(name) ?? []), el]);
  }
  const found: VariantSelector[] = [];
  for (const [name, radios] of groups) {
    const first = radios[0];
    if (first === undefined || radios.length < MIN_CHOICES) continue;
    const label = labelFor($, first);
    if (!describes(first, label)) continue;
    const options = radios.map((r) => labelText($, r.attribs.id) || clean(r.attribs.value ?? '')).filter((t) => t !== '');
    found.push({ kind: 'choice', label: clean(label || readableName(name)), options: options.slice(0, MAX_OPTIONS) });
  }
  return found;
}

/**
 * The most distinct `data-variant` / `data-variant-id` values within one form (or outside any):
 * recommendation cards carry one variant id each in their own quick-add form, which is not a choice.
 */
function variantIdsPerForm($: CheerioAPI): number {
  const byForm = new Map<AnyNode | null, Set<string>>();
  for (const el of $('[data-variant], [data-variant-id]').toArray()) {
    const form = $(el).closest('form')[0] ?? null;
    const ids = byForm.get(form) ?? new Set<string>();
    ids.add(el.attribs['data-variant-id'] ?? el.attribs['data-variant'] ?? '');
    byForm.set(form, ids);
  }
  return Math.max(0, ...[...byForm.values()].map((ids) => ids.size));
}

function markers($: CheerioAPI): VariantSelector[] {
  const found: VariantSelector[] = [];
  if ($('variant-selects, variant-radios, variant-picker, [data-product_variations]').length > 0)
    found.push({ kind: 'marker', label: 'a variant picker', options: [] });
  if (variantIdsPerForm($) >= MIN_CHOICES) found.push({ kind: 'marker', label: 'data-variant elements', options: [] });
  // Leaf swatches only: a swatch list's container has a "swatch" class too.
  const swatches = $('[class*="swatch" i]').filter((_, el) => $(el).find('[class*="swatch" i]').length === 0);
  if (swatches.length >= MIN_CHOICES) {
    const names = swatches
      .toArray()
      .map((el) =>
        clean(el.attribs.title ?? el.attribs['aria-label'] ?? el.attribs['data-value'] ?? $(el).find('img').attr('alt') ?? $(el).text()),
      );
    const options = [...new Set(names)].filter((t) => t !== '' && t.length <= MAX_OPTION_TEXT);
    found.push({ kind: 'marker', label: 'swatches', options: options.slice(0, MAX_OPTIONS) });
  }
  return found;
}

/** The variant choices in the raw HTML: select boxes and radio groups for size/colour, swatches, variant pickers. */
export function findVariantSelectors($: CheerioAPI): VariantSelector[] {
  return [...selects($), ...radioGroups($), ...markers($)];
}
