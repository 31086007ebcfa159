/** Finding the add-to-cart control in raw HTML and judging whether an agent can operate it. */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';

export const ADD_TO_CART_WORDING =
  /\b(?:add(?:ing)? to (?:cart|basket|bag|trolley)|buy (?:it )?now|pre-?order|in den (?:warenkorb|einkaufswagen)|jetzt kaufen|ajouter au panier|acheter maintenant|a[ñn]adir al (?:carrito|carro|cesta)|agregar al carrito|comprar ahora|aggiungi al carrello|acquista ora|in (?:de )?winkelwagen|toevoegen aan (?:winkelwagen|winkelmand)|in (?:de )?winkelmand|lägg i varukorgen|adicionar ao carrinho|dodaj do koszyka)\b/i;

/** Attribute hints of an add-to-cart control whose visible name is missing (icon buttons). */
const CART_HINT = /add[-_]?to[-_]?(?:cart|bag|basket)|addtocart|buy[-_]?now|^add$/i;
const CART_ACTION = /\/cart\/add|add[-_]?to[-_]?cart|[?&]add-to-cart=|\/checkout\/cart\/add|\/basket\/add/i;
const DATA_ACTION = /cart|product|variant|sku/i;
const NATIVE = 'button:not([type="reset"]), input[type="submit"], input[type="button"], input[type="image"]';
const SUBMIT = 'button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]';
const INTERACTIVE = 'button, a[href], input, select, textarea, [role="button"]';
const MAX_NAME_LENGTH = 60;

export type ControlKind = 'native' | 'link' | 'role_button' | 'generic';

export interface CartControl {
  kind: ControlKind;
  /** Short HTML description, e.g. `<button type="submit">`. */
  tag: string;
  /** Accessible name as computed from the raw HTML ('' when none). */
  name: string;
  /** The accessible name reads as add-to-cart wording. */
  named: boolean;
  /** Inside a form (or tied to one), or carries a cart action an agent can follow. */
  actionable: boolean;
  form: Cheerio<Element> | null;
}

export interface CartFinding {
  control: CartControl | null;
  /** Quantity and variant inputs of the control's form without a label. */
  unlabelled: string[];
}

function isHidden(el: Cheerio<Element>): boolean {
  return el.closest('[hidden], [aria-hidden="true"]').length > 0;
}

function textById($: CheerioAPI, ids: string): string {
  return ids
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => $(`[id="${cssString(id)}"]`).first().text().trim())
    .filter(Boolean)
    .join(' ');
}

/** Escapes a value for a double-quoted CSS attribute selector. */
function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The accessible name (accname, simplified): aria-labelledby, aria-label, content or value, then title. */
export function accessibleName($: CheerioAPI, el: Cheerio<Element>): string {
  const labelledBy = textById($, el.attr('aria-labelledby') ?? '');
  if (labelledBy) return squash(labelledBy);
  const label = el.attr('aria-label')?.trim();
  if (label) return squash(label);
  const tag = el.prop('tagName')?.toLowerCase();
  if (tag === 'input') {
    const type = (el.attr('type') ?? '').toLowerCase();
    const own = type === 'image' ? el.attr('alt') : el.attr('value');
    if (own?.trim()) return squash(own);
  } else {
    const content = squash(el.clone().find('script, style, [aria-hidden="true"]').remove().end().text());
    if (content) return content;
    const alts = el.find('img[alt]').toArray().map((img) => $(img).attr('alt')?.trim() ?? '').filter(Boolean).join(' ');
    if (alts) return squash(alts);
  }
  return squash(el.attr('title') ?? '');
}

function formOf($: CheerioAPI, el: Cheerio<Element>): Cheerio<Element> | null {
  const owner = el.attr('form');
  const form = owner ? $(`form[id="${cssString(owner)}"]`).get(0) : el.closest('form').get(0);
  return form !== undefined && 'attribs' in form ? $(form) : null;
}

function hasCartData(el: Cheerio<Element>): boolean {
  const attributes = el.attr() ?? {};
  return Object.entries(attributes).some(([name, value]) => name.startsWith('data-') && DATA_ACTION.test(`${name} ${value}`));
}

function hintsCart(el: Cheerio<Element>): boolean {
  return ['name', 'id', 'class', 'data-action'].some((attr) => (el.attr(attr) ?? '').split(/\s+/).some((token) => CART_HINT.test(token)));
}

function describe(el: Cheerio<Element>): string {
  const tag = el.prop('tagName')?.toLowerCase() ?? 'element';
  const type = el.attr('type');
  const role = el.attr('role');
  return `<${tag}${type ? ` type="${type}"` : ''}${role ? ` role="${role}"` : ''}>`;
}

function nativeControl($: CheerioAPI, el: Cheerio<Element>): CartControl | null {
  const name = accessibleName($, el);
  const named = name.length <= MAX_NAME_LENGTH && ADD_TO_CART_WORDING.test(name);
  const form = formOf($, el);
  // An unnamed submit of a cart form is the add-to-cart button (icon-only); other buttons there are +/- steppers.
  const cartSubmit = form !== null && CART_ACTION.test(form.attr('action') ?? '') && el.is(SUBMIT);
  if (!named && !hintsCart(el) && !cartSubmit) return null;
  const actionable = form !== null || el.attr('formaction') !== undefined || hasCartData(el);
  return { kind: 'native', tag: describe(el), name, named, actionable, form };
}

function otherControl($: CheerioAPI, el: Cheerio<Element>): CartControl | null {
  if (el.is(NATIVE) || el.parents(INTERACTIVE).length > 0 || el.find(INTERACTIVE).length > 0) return null;
  const name = accessibleName($, el);
  if (name.length > MAX_NAME_LENGTH || !ADD_TO_CART_WORDING.test(name)) return null;
  const kind: ControlKind = el.is('a[href]') ? 'link' : el.attr('role') === 'button' ? 'role_button' : 'generic';
  const href = el.attr('href') ?? '';
  const actionable = CART_ACTION.test(href) || el.attr('onclick') !== undefined || hasCartData(el);
  return { kind, tag: describe(el), name, named: true, actionable, form: formOf($, el) };
}

/** Higher is better for an agent: native, named, actionable. */
function rank(control: CartControl): number {
  const kindRank: Record<ControlKind, number> = { native: 8, link: 4, role_button: 4, generic: 0 };
  return kindRank[control.kind] + (control.named ? 2 : 0) + (control.actionable ? 1 : 0);
}

function unlabelledInputs($: CheerioAPI, form: Cheerio<Element>): string[] {
  const fields = form.find('input, select, textarea').toArray().map((field) => $(field));
  const owned = form.attr('id') ? $(`[form="${cssString(form.attr('id') ?? '')}"]`).toArray().map((field) => $(field)) : [];
  return [...fields, ...owned]
    .filter((field) => !field.is('input[type="hidden"], input[type="submit"], input[type="button"], input[type="image"], input[type="reset"]') && !isHidden(field))
    .filter((field) => !isLabelled($, field))
    .map((field) => `${describe(field)}${field.attr('name') ? ` name="${field.attr('name')}"` : ''}`);
}

function isLabelled($: CheerioAPI, field: Cheerio<Element>): boolean {
  if (field.attr('aria-label')?.trim() || textById($, field.attr('aria-labelledby') ?? '') || field.attr('title')?.trim()) return true;
  const id = field.attr('id');
  if (id && $(`label[for="${cssString(id)}"]`).text().trim()) return true;
  const wrapping = field.closest('label');
  return wrapping.length > 0 && squash(wrapping.text()) !== '';
}

/** The best add-to-cart control on a page and the unlabelled inputs of its form. */
export function findAddToCart($: CheerioAPI): CartFinding {
  const natives = $(NATIVE).toArray().map((el) => $(el)).filter((el) => !isHidden(el)).map((el) => nativeControl($, el));
  const others = $('a[href], [role="button"], [onclick], div, span')
    .toArray()
    .map((el) => $(el))
    .filter((el) => !isHidden(el))
    .map((el) => otherControl($, el));
  const controls = [...natives, ...others].filter((c): c is CartControl => c !== null);
  const control = controls.reduce<CartControl | null>((best, c) => (best === null || rank(c) > rank(best) ? c : best), null);
  return { control, unlabelled: control?.form ? unlabelledInputs($, control.form) : [] };
}
