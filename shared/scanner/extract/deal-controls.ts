/**
 * A marketplace's or a classified's own way to a deal where a shop has an add-to-cart button: bid, make an
 * offer, contact the seller, show the seller's phone number. It confirms a product page (discovery.ts) as a
 * buy button does; it is not an add-to-cart control, and the cart checks never read it.
 */
import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { foldWhitespace } from '#shared/scanner/visible-text.js';
import { boundedText } from './price-box.js';
import { shownHeadings } from './main-heading.js';
import { controlsInTiles } from './product-tiles.js';
import { notShown, OTHER_PRODUCTS } from './visible-prices.js';

// Each must be the control's whole name: "Contact the seller" is the listing's own, "Kontaktieren Sie uns" (contact us) is not.
const DEAL_PHRASES = [
  'place (?:a )?bid',
  'bid now',
  'make (?:an )?offer',
  'submit (?:an )?offer',
  'contact (?:the )?(?:seller|advertiser|dealer|owner)',
  'message (?:the )?seller',
  'show (?:the )?(?:phone )?number',
  'bieten',
  'gebot abgeben',
  'preisvorschlag(?: senden| machen)?',
  '(?:verkäufer |anbieter |händler )?kontaktieren',
  'telefonnummer anzeigen',
  'enchérir',
  'placer une enchère',
  'faire une (?:offre|proposition)',
  "contacter (?:le vendeur|l'annonceur|le propriétaire)",
  'afficher le numéro',
  'voir le numéro',
  "fai un['’]offerta",
  'fai una proposta',
  "contatta (?:il venditore|l['’]inserzionista)",
  'mostra (?:il )?numero',
  'pujar',
  'hacer (?:una )?oferta',
  'contactar (?:al vendedor|con el anunciante|al anunciante)',
  'ver teléfono',
  'dar (?:um )?lance',
  'fazer (?:uma )?(?:oferta|proposta)',
  'contat(?:ar|e) (?:o )?(?:vendedor|anunciante)',
  'ver telefone',
  'doe een bod',
  'bod uitbrengen',
  'bieden',
  'contact opnemen met (?:de )?verkoper',
  'licytuj',
  'złóż ofertę',
  'zaproponuj cenę',
  'napisz do sprzedającego',
  'pokaż (?:numer|telefon)',
  'přihodit',
  'kontaktovat prodejce',
  'zobrazit (?:telefon|číslo)',
  'сделать ставку',
  'предложить (?:свою )?цену',
  'показать (?:телефон(?:ы)?|номер)',
  'написать продавцу',
  'связаться с продавцом',
  'зробити ставку',
  'показати (?:телефон|номер)',
  'написати продавцю',
];
const DEAL_WORDS = new RegExp(String.raw`^(?:${DEAL_PHRASES.join('|')})[\s!.…›»>]*$`, 'iu');
/** A control's name longer than this is a container's text, not a button's. */
const MAX_NAME = 40;

/** How many of the page's own deal controls it shows: outside the header, footer, navigation, recommendations and rows of tiles. */
export function countDealControls($: CheerioAPI): number {
  const controls: Element[] = [];
  const root = $.root()[0];
  const stack: AnyNode[] = root ? [...root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    if (isDealControl(node)) {
      controls.push(node);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  if (controls.length === 0) return 0;
  const headings = shownHeadings($);
  const tiled = controlsInTiles(controls, headings);
  return controls.filter((control) => !tiled.has(control) && !aboutOtherListings(control)).length;
}

// A classified's contact box is often a sidebar (aside): only the page's header, footer and navigation are chrome here.
const CHROME = new Set(['header', 'footer', 'nav']);

function aboutOtherListings(element: Element): boolean {
  for (let node = element.parent; node !== null && isTag(node); node = node.parent)
    if (CHROME.has(node.name) || OTHER_PRODUCTS.test(`${node.attribs.class ?? ''} ${node.attribs.id ?? ''}`)) return true;
  return false;
}

function isDealControl(element: Element): boolean {
  const { name, attribs } = element;
  const control =
    name === 'button' ||
    attribs.role === 'button' ||
    (name === 'a' && attribs.href !== undefined) ||
    (name === 'input' && /^(?:submit|button)$/i.test(attribs.type ?? ''));
  if (!control) return false;
  const label =
    (name === 'input' ? foldWhitespace(attribs.value ?? '') : boundedText(element, MAX_NAME)) ||
    foldWhitespace(attribs['aria-label'] ?? '');
  if (label.length > MAX_NAME || !DEAL_WORDS.test(label)) return false;
  return !notShown(element) && attribs['aria-hidden'] !== 'true';
}
