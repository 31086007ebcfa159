/**
 * Finding the add-to-cart control in raw HTML and judging whether an agent can operate it.
 *
 * One walk over the document indexes what the judgement needs (candidate controls, form fields,
 * ids, labels); accessible names are read from each candidate's own subtree with a bound on the
 * text read, so the cost stays linear in the page size. The result is memoised per document.
 */
import type { CheerioAPI } from 'cheerio';
import { isTag, isText } from 'domhandler';
import type { AnyNode, Element } from 'domhandler';
import { aboutOtherProducts } from '#shared/scanner/extract/visible-prices.js';
import { controlsInTiles } from '#shared/scanner/extract/product-tiles.js';
import { BUY_WORDS } from '#shared/scanner/extract/buy-button.js';
import { lowerAttr } from '#shared/scanner/parse/elements.js';
import { shownHeadings } from '#shared/scanner/extract/main-heading.js';
import { foldWhitespace } from '#shared/scanner/visible-text.js';

const CART_WORDING =
  /\b(?:add(?:ing)? to (?:cart|basket|bag|trolley)|buy (?:it )?now|pre-?order|in den (?:warenkorb|einkaufswagen)|jetzt kaufen|ajouter au panier|acheter maintenant|a[ñn]adir al (?:carrito|carro|cesta)|agregar al carrito|comprar ahora|aggiungi al carrello|acquista ora|in (?:de )?winkelwagen|toevoegen aan (?:winkelwagen|winkelmand)|in (?:de )?winkelmand|lägg i varukorgen|adicionar ao carrinho|dodaj do koszyka)\b/i;

/**
 * A control's name reads as add-to-cart or buy: the phrases above anywhere in it, or a buy control's name
 * in the other languages the buy box knows (buy-button.ts: Slavic, Baltic, Nordic, Greek, Turkish, Arabic, CJK...),
 * which, bare verbs among them ("Купить", "Comprar"), must lead the name and not ask a question: "Где
 * купить?" (where to buy?) is a link to stockists, not the product's button.
 */
export function namesCartAction(name: string): boolean {
  if (CART_WORDING.test(name)) return true;
  const match = BUY_WORDS.exec(name.trim());
  return match !== null && match.index === 0 && !name.includes('?');
}

/** Attribute hints of an add-to-cart control whose visible name is missing (icon buttons). */
const CART_HINT = /add[-_]?to[-_]?(?:cart|bag|basket)|addtocart|buy[-_]?now|^add$/i;
const CART_ACTION = /\/cart\/add|add[-_]?to[-_]?cart|[?&]add-to-cart=|\/checkout\/cart\/add|\/basket\/add/i;
const DATA_ACTION = /cart|product|variant|sku/i;
/** Names of quantity and variant inputs (used where no form says which inputs belong to the control). */
const PRODUCT_FIELD = /qty|quantity|variant|option|size|colou?r|attribute|propert|amount|style/i;
/** Inputs that never belong to a product: site search, locale pickers, newsletter sign-up. */
const SITE_FIELD = /search|currency|country|locale|language|newsletter|e-?mail/i;
const NON_FIELD_INPUTS = new Set(['hidden', 'submit', 'button', 'image', 'reset']);
const NATIVE_INPUTS = new Set(['submit', 'button', 'image']);
const MAX_NAME_LENGTH = 60;
/** Accessible names longer than this are cut (they cannot read as add-to-cart wording anyway). */
const MAX_TEXT = 200;
/** Nodes read per accessible name at most, whatever the text they hold. */
const MAX_NODES = 400;

export type ControlKind = 'native' | 'link' | 'role_button' | 'generic';

export interface CartControl {
  kind: ControlKind;
  /** Short HTML description, e.g. `<button type="submit">`. */
  tag: string;
  /** Accessible name as computed from the raw HTML ('' when none). */
  name: string;
  /** The accessible name reads as add-to-cart wording. */
  named: boolean;
  /**
   * An agent can operate it without running the page's scripts: a native control in (or tied to)
   * a form; for other controls, a cart action link or script hook an agent can follow.
   */
  actionable: boolean;
  /** The form it submits (its action as written), when it has one. */
  form: { action: string | null } | null;
}

export interface CartFinding {
  control: CartControl | null;
  /**
   * Quantity and variant inputs an agent must fill without a label: those of the control's form,
   * or, when it has none, those in the product area around it (the nearest enclosing element
   * with such inputs outside any form).
   */
  unlabelled: string[];
  /**
   * The page's own add-to-cart controls, outside other products' widgets and rows of tiles (product-tiles.ts):
   * one to four on a product page (add to cart, buy now, a sticky bar's copies), none on a listing of tiles.
   */
  controls: number;
  /**
   * The product's buy box (buy-box.ts: its title to past its buy button) shows an amount with a currency
   * mark, though no single one could be read as the product's price; set only on pages without product
   * markup whose price "what agents see" leaves open (analyse-page.ts).
   */
  priceBeside?: boolean;
}

interface Candidate {
  el: Element;
  native: boolean;
  /** Inside a button, link, input or role=button (a nested control is not the control). */
  inInteractive: boolean;
  /** Contains a button, link, input or role=button (a container, not the control). */
  hasInteractive: boolean;
  form: Element | null;
  order: number;
}

interface Field {
  el: Element;
  /** The form it belongs to: its `form` attribute's form, else the enclosing form. */
  form: Element | null;
  /** The enclosing <label>, if any. */
  label: Element | null;
}

interface PageIndex {
  ids: Map<string, Element>;
  formsById: Map<string, Element>;
  labelsFor: Map<string, Element[]>;
  /** Visible, fillable fields in document order. */
  fields: Field[];
  candidates: Candidate[];
  /** Elements with a visible product field outside any form somewhere inside them. */
  productAreas: Set<Element>;
}

interface Frame {
  el: Element;
  hidden: boolean;
  inInteractive: boolean;
  form: Element | null;
  label: Element | null;
  hasInteractive: boolean;
  hasProductField: boolean;
  candidate: Candidate | null;
}

const attr = (el: Element, name: string): string | undefined => el.attribs[name];

const FORM_CONTROLS = new Set(['button', 'input', 'select', 'textarea']);

function isInteractive(el: Element): boolean {
  return FORM_CONTROLS.has(el.name) || (el.name === 'a' && attr(el, 'href') !== undefined) || attr(el, 'role') === 'button';
}

function isNative(el: Element): boolean {
  if (el.name === 'button') return lowerAttr(el, 'type') !== 'reset';
  return el.name === 'input' && NATIVE_INPUTS.has(lowerAttr(el, 'type'));
}

function isSubmit(el: Element): boolean {
  const type = lowerAttr(el, 'type');
  if (el.name === 'button') return attr(el, 'type') === undefined || type === 'submit';
  return el.name === 'input' && (type === 'submit' || type === 'image');
}

/** How much of a data-* value is read: hooks are short ids; long values are JSON blobs, not hooks. */
const MAX_DATA_VALUE = 100;

function hasCartData(el: Element): boolean {
  for (const name in el.attribs) {
    if (!name.startsWith('data-')) continue;
    if (DATA_ACTION.test(name) || DATA_ACTION.test((el.attribs[name] ?? '').slice(0, MAX_DATA_VALUE))) return true;
  }
  return false;
}

/** Every token CART_HINT matches contains one of these (a cheap test before splitting into tokens). */
const CART_HINT_PREFILTER = /add|buy/i;
const HINT_ATTRIBUTES = ['name', 'id', 'class', 'data-action'];

function hintsCart(el: Element): boolean {
  for (const name of HINT_ATTRIBUTES) {
    const value = el.attribs[name];
    if (value !== undefined && CART_HINT_PREFILTER.test(value) && value.split(/\s+/).some((token) => CART_HINT.test(token))) return true;
  }
  return false;
}

/** Any phrase namesCartAction knows, across any whitespace: a cheap test of raw text before it is folded. */
const CART_OR_BUY_LOOSE = new RegExp(`${CART_WORDING.source}|${BUY_WORDS.source}`.replace(/ /g, '\\s+'), 'iu');

/** The element's own text nodes (not its descendants'), raw, read up to the name bound. */
function directText(el: Element): string {
  let text = '';
  for (const child of el.children) {
    if (isText(child)) text += child.data.slice(0, MAX_TEXT * 2);
    if (text.length > MAX_TEXT * 2) break;
  }
  return text;
}

/** A data-* attribute whose name speaks of the cart or product (data-product-id, data-add-to-cart). */
function hasCartDataName(el: Element): boolean {
  for (const name in el.attribs) if (name.startsWith('data-') && DATA_ACTION.test(name)) return true;
  return false;
}

/** A div or span whose own attributes or short own text suggest a cart action (not every wrapper). */
function suggestsCart(el: Element): boolean {
  const own = directText(el);
  // Every div and span of a page passes here: one regex test rejects most before any folding.
  if (CART_OR_BUY_LOOSE.test(own)) {
    const folded = foldWhitespace(own);
    if (folded.length <= MAX_NAME_LENGTH && namesCartAction(folded)) return true;
  }
  return hintsCart(el) || hasCartDataName(el);
}

function isOtherCandidate(el: Element): boolean {
  if (FORM_CONTROLS.has(el.name)) return false;
  if ((el.name === 'a' && attr(el, 'href') !== undefined) || attr(el, 'role') === 'button' || attr(el, 'onclick') !== undefined)
    return true;
  if (el.name === 'img') return hintsCart(el) || namesCartAction(attr(el, 'alt') ?? '');
  return (el.name === 'div' || el.name === 'span') && suggestsCart(el);
}

function isField(el: Element): boolean {
  if (el.name === 'select' || el.name === 'textarea') return true;
  return el.name === 'input' && !NON_FIELD_INPUTS.has(lowerAttr(el, 'type'));
}

/** A quantity or variant input, judged by its type and names (for fields outside any form). */
function isProductField(el: Element): boolean {
  const names = ['name', 'id', 'class'].map((name) => attr(el, name) ?? '').join(' ');
  if (SITE_FIELD.test(names) || SITE_FIELD.test(lowerAttr(el, 'type'))) return false;
  if (el.name === 'select') return true;
  const type = lowerAttr(el, 'type');
  return (el.name === 'input' && (type === 'number' || type === 'radio')) || PRODUCT_FIELD.test(names);
}

/** One pass over the document: candidate controls, fields, ids, labels and product areas. */
function indexPage($: CheerioAPI): PageIndex {
  const index: PageIndex = {
    ids: new Map(),
    formsById: new Map(),
    labelsFor: new Map(),
    fields: [],
    candidates: [],
    productAreas: new Set(),
  };
  const root: Frame = {
    el: null as unknown as Element,
    hidden: false,
    inInteractive: false,
    form: null,
    label: null,
    hasInteractive: false,
    hasProductField: false,
    candidate: null,
  };
  // Each stack entry is a node to enter, or a frame to leave (post-order: propagate to the parent frame).
  const stack: (AnyNode | Frame)[] = [];
  const frames: Frame[] = [root];
  const pushChildren = (nodes: readonly AnyNode[]) => {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i];
      if (node !== undefined && isTag(node)) stack.push(node);
    }
  };
  pushChildren($.root()[0]?.children ?? []);
  let order = 0;
  while (stack.length > 0) {
    const item = stack.pop() as AnyNode | Frame;
    if ('hasProductField' in item) {
      frames.pop();
      const parent = frames[frames.length - 1] ?? root;
      if (item.candidate !== null) item.candidate.hasInteractive = item.hasInteractive;
      if (item.hasProductField) index.productAreas.add(item.el);
      parent.hasInteractive ||= item.hasInteractive || isInteractive(item.el);
      parent.hasProductField ||= item.hasProductField;
      continue;
    }
    if (!isTag(item)) continue;
    const el = item;
    const up = frames[frames.length - 1] ?? root;
    const hidden = up.hidden || attr(el, 'hidden') !== undefined || attr(el, 'aria-hidden') === 'true';
    const id = attr(el, 'id');
    if (id !== undefined && id !== '') {
      if (!index.ids.has(id)) index.ids.set(id, el);
      if (el.name === 'form' && !index.formsById.has(id)) index.formsById.set(id, el);
    }
    const forId = attr(el, 'for');
    if (el.name === 'label' && forId) index.labelsFor.set(forId, [...(index.labelsFor.get(forId) ?? []), el]);

    const frame: Frame = {
      el,
      hidden,
      inInteractive: up.inInteractive || isInteractive(el),
      form: el.name === 'form' ? el : up.form,
      label: el.name === 'label' ? el : up.label,
      hasInteractive: false,
      hasProductField: false,
      candidate: null,
    };
    if (!hidden) {
      if (isField(el)) {
        index.fields.push({ el, form: up.form, label: up.label });
        if (up.form === null && attr(el, 'form') === undefined && isProductField(el)) frame.hasProductField = true;
      }
      const native = isNative(el);
      if (native || isOtherCandidate(el)) {
        frame.candidate = { el, native, inInteractive: up.inInteractive, hasInteractive: false, form: up.form, order: order++ };
        index.candidates.push(frame.candidate);
      }
    }
    frames.push(frame);
    stack.push(frame);
    pushChildren(el.children);
  }
  return index;
}

/** Text content (scripts, styles and aria-hidden parts left out) and image alts, read within bounds. */
function boundedText(el: Element): { text: string; alts: string } {
  let text = '';
  let visible = 0;
  let seen = 0;
  let cut = false;
  const alts: string[] = [];
  const stack: AnyNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (++seen > MAX_NODES) break;
    if (visible > MAX_TEXT) {
      cut = true;
      break;
    }
    if (isText(node)) {
      const piece = node.data.slice(0, MAX_TEXT * 4);
      text += piece;
      visible += piece.replace(/\s+/g, '').length;
    } else if (isTag(node)) {
      if (node.name === 'script' || node.name === 'style' || attr(node, 'aria-hidden') === 'true') continue;
      const alt = node.name === 'img' ? attr(node, 'alt')?.trim() : undefined;
      if (alt) alts.push(alt);
      for (let i = node.children.length - 1; i >= 0; i--) {
        const child = node.children[i];
        if (child !== undefined) stack.push(child);
      }
    }
  }
  const squashed = foldWhitespace(text);
  return { text: cut || squashed.length > MAX_TEXT ? `${squashed.slice(0, MAX_TEXT)}…` : squashed, alts: foldWhitespace(alts.join(' ')) };
}

function textByIds(index: PageIndex, ids: string): string {
  return ids
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => {
      const target = index.ids.get(id);
      return target ? boundedText(target).text : '';
    })
    .filter(Boolean)
    .join(' ');
}

/** The accessible name (accname, simplified): aria-labelledby, aria-label, content or value, then title. */
function nameOf(index: PageIndex, el: Element): string {
  const labelledBy = textByIds(index, attr(el, 'aria-labelledby') ?? '');
  if (labelledBy) return foldWhitespace(labelledBy);
  const label = attr(el, 'aria-label')?.trim();
  if (label) return foldWhitespace(label);
  if (el.name === 'img') {
    const alt = attr(el, 'alt')?.trim();
    if (alt) return foldWhitespace(alt);
  } else if (el.name === 'input') {
    const own = lowerAttr(el, 'type') === 'image' ? attr(el, 'alt') : attr(el, 'value');
    if (own?.trim()) return foldWhitespace(own);
  } else {
    const { text, alts } = boundedText(el);
    if (text) return text;
    if (alts) return alts;
  }
  return foldWhitespace(attr(el, 'title') ?? '');
}

function formOf(index: PageIndex, el: Element, enclosing: Element | null): Element | null {
  const owner = attr(el, 'form');
  return owner ? (index.formsById.get(owner) ?? null) : enclosing;
}

function describe(el: Element): string {
  const type = attr(el, 'type');
  const role = attr(el, 'role');
  return `<${el.name}${type ? ` type="${type}"` : ''}${role ? ` role="${role}"` : ''}>`;
}

interface Judged extends CartControl {
  el: Element;
  order: number;
  formEl: Element | null;
}

function nativeControl(index: PageIndex, c: Candidate): Omit<Judged, 'form'> | null {
  const { el } = c;
  const name = nameOf(index, el);
  const named = name.length <= MAX_NAME_LENGTH && namesCartAction(name);
  const form = formOf(index, el, c.form);
  // An unnamed submit of a cart form is the add-to-cart button (icon-only); other buttons there are +/- steppers.
  const cartSubmit = form !== null && CART_ACTION.test(attr(form, 'action') ?? '') && isSubmit(el);
  if (!named && !hintsCart(el) && !cartSubmit) return null;
  // Outside a form a native button does nothing without the page's scripts, whatever data-* it carries.
  return { el, order: c.order, kind: 'native', tag: describe(el), name, named, actionable: form !== null, formEl: form };
}

function otherControl(index: PageIndex, c: Candidate): Omit<Judged, 'form'> | null {
  const { el } = c;
  if (c.inInteractive || c.hasInteractive) return null;
  const name = nameOf(index, el);
  if (name.length > MAX_NAME_LENGTH || !namesCartAction(name)) return null;
  const kind: ControlKind =
    el.name === 'a' && attr(el, 'href') !== undefined ? 'link' : attr(el, 'role') === 'button' ? 'role_button' : 'generic';
  const actionable = CART_ACTION.test(attr(el, 'href') ?? '') || attr(el, 'onclick') !== undefined || hasCartData(el);
  return { el, order: c.order, kind, tag: describe(el), name, named: true, actionable, formEl: formOf(index, el, c.form) };
}

/** Higher is better for an agent: native, named, actionable. */
function rank(control: Pick<CartControl, 'kind' | 'named' | 'actionable'>): number {
  const kindRank: Record<ControlKind, number> = { native: 8, link: 4, role_button: 4, generic: 0 };
  return kindRank[control.kind] + (control.named ? 2 : 0) + (control.actionable ? 1 : 0);
}

function isLabelled(index: PageIndex, field: Field): boolean {
  const { el } = field;
  if (attr(el, 'aria-label')?.trim() || textByIds(index, attr(el, 'aria-labelledby') ?? '') || attr(el, 'title')?.trim()) return true;
  const id = attr(el, 'id');
  if (id && (index.labelsFor.get(id) ?? []).some((label) => boundedText(label).text !== '')) return true;
  return field.label !== null && boundedText(field.label).text !== '';
}

function isInside(el: Element, ancestor: Element): boolean {
  for (let node = el.parent; node !== null; node = node.parent) if (node === ancestor) return true;
  return false;
}

/** The fields an agent fills along with the control: its form's, or the product area's around it. */
function nearbyFields(index: PageIndex, control: Omit<Judged, 'form'>): Field[] {
  const form = control.formEl;
  if (form !== null) {
    const formId = attr(form, 'id');
    return index.fields.filter(
      (field) => field.form === form || (formId !== undefined && formId !== '' && attr(field.el, 'form') === formId),
    );
  }
  let area: Element | null = null;
  for (let node = control.el.parent; node !== null && isTag(node); node = node.parent) {
    if (index.productAreas.has(node)) {
      area = node;
      break;
    }
  }
  if (area === null) return [];
  const inArea = area;
  return index.fields.filter(
    (field) => field.form === null && attr(field.el, 'form') === undefined && isProductField(field.el) && isInside(field.el, inArea),
  );
}

function find($: CheerioAPI): CartFinding {
  const index = cachedIndex($);
  const judged: Array<Omit<Judged, 'form'>> = [];
  for (const candidate of index.candidates) {
    const control = candidate.native ? nativeControl(index, candidate) : otherControl(index, candidate);
    if (control !== null) judged.push(control);
  }
  const headings = shownHeadings($);
  const tiled = controlsInTiles(
    judged.map((control) => control.el),
    headings,
  );
  const own = judged.filter((control) => !aboutOtherProducts(control.el) && !tiled.has(control.el) && !leadsToAnotherPage(control.el));
  const controls = own.length;
  // The product's own control speaks for the page; a tile's only when the page has none of its own.
  const best = bestOf(own) ?? bestOf(judged);
  if (best === null) return { control: null, unlabelled: [], controls };
  const unlabelled = nearbyFields(index, best)
    .filter((field) => !isLabelled(index, field))
    .map((field) => `${describe(field.el)}${attr(field.el, 'name') ? ` name="${attr(field.el, 'name')}"` : ''}`);
  const { kind, tag, name, named, actionable, formEl } = best;
  return {
    control: { kind, tag, name, named, actionable, form: formEl === null ? null : { action: formEl.attribs.action ?? null } },
    unlabelled,
    controls,
  };
}

// Where a buy link may go and still be the product's own control: a cart, basket, checkout or order step.
const CART_PATH =
  /cart|basket|bag|checkout|order|kasse|warenkorb|panier|carrito|carrello|cesta|winkelwagen|koszyk|košík|korzin|корзин|kosár|varukorg|kurv|ostoskori|sepet|buy|kaufen|achat|compra|acquist/i;

/** A buy link to another page (a guide's "Buy now" beside each product it reviews), not to a cart step: another product's page. */
function leadsToAnotherPage(el: Element): boolean {
  if (el.name !== 'a') return false;
  const href = (attr(el, 'href') ?? '').trim();
  if (href === '' || href.startsWith('#') || /^javascript:/i.test(href)) return false;
  return !CART_PATH.test(href) && attr(el, 'onclick') === undefined && !hasCartData(el);
}

function bestOf(controls: ReadonlyArray<Omit<Judged, 'form'>>): Omit<Judged, 'form'> | null {
  let best: Omit<Judged, 'form'> | null = null;
  for (const control of controls) if (best === null || rank(control) > rank(best)) best = control;
  return best;
}

const indexes = new WeakMap<CheerioAPI, PageIndex>();
const findings = new WeakMap<CheerioAPI, CartFinding>();

function cachedIndex($: CheerioAPI): PageIndex {
  let index = indexes.get($);
  if (index === undefined) {
    index = indexPage($);
    indexes.set($, index);
  }
  return index;
}

/**
 * The best add-to-cart control on a page and the unlabelled inputs an agent meets with it.
 * Memoised per parsed document: the check's evaluate and advise share one reading.
 */
export function findAddToCart($: CheerioAPI): CartFinding {
  let finding = findings.get($);
  if (finding === undefined) {
    finding = find($);
    findings.set($, finding);
  }
  return finding;
}
