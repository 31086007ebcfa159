/**
 * The product's own controls that stand where a shop's add-to-cart button stands, when there is none:
 * - a marketplace's or a classified's way to a deal: bid, make an offer, contact the seller, show the
 *   seller's phone number;
 * - an out-of-stock product's stock alert ("Notify me when available"), or its disabled "Sold out" button.
 * Each confirms a product page (discovery.ts) as a buy button does; neither is an add-to-cart control,
 * and the cart checks never read them.
 */
import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { foldWhitespace } from '#shared/scanner/visible-text.js';
import { boundedText } from './price-box.js';
import { shownHeadings } from './main-heading.js';
import { controlsInTiles } from './product-tiles.js';
import { isDisabled } from './buy-button.js';
import { saysSoldOut } from './stock-phrases.js';
import { aboutOtherProducts, notShown } from './visible-prices.js';

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
// Each must be the control's whole name: "Notify me" is the product's own, "Notify me of new arrivals" is not.
const STOCK_ALERT_PHRASES = [
  'notify me(?: when (?:available|back in stock|in stock))?',
  'email me when (?:available|back in stock|in stock)',
  'let me know when (?:available|back in stock)',
  'benachrichtigen(?:,? wenn verfügbar)?',
  'benachrichtigung anfordern',
  'verfügbarkeit anfragen',
  "m['’]avertir(?: de (?:son|la) (?:retour|disponibilité))?",
  'me prévenir(?: quand (?:il|elle) est disponible)?',
  "m['’]alerter(?: quand disponible)?",
  'avísame(?: cuando (?:esté|este) disponible)?',
  'avisarme(?: cuando (?:esté|este) disponible)?',
  'avvisami(?: quando (?:è |torna )?disponibile)?',
  'avise-me(?: quando (?:chegar|estiver disponível))?',
  'houd mij op de hoogte',
  'mail mij(?: als (?:het )?(?:beschikbaar|op voorraad) is)?',
  'powiadom mnie(?: o dostępności)?',
  'hlídat dostupnost',
  'sledovat dostupnost',
  'сообщить о поступлении',
  'уведомить о поступлении',
  'повідомити про наявність',
  'bevaka',
  'ilmoita (?:kun saatavilla|saatavuudesta)',
];
const DEAL_WORDS = new RegExp(String.raw`^(?:${DEAL_PHRASES.join('|')})[\s!.…›»>]*$`, 'iu');
const STOCK_ALERT_WORDS = new RegExp(String.raw`^(?:${STOCK_ALERT_PHRASES.join('|')})[\s!.…›»>]*$`, 'iu');
/** A control's name longer than this is a container's text, not a button's. */
const MAX_NAME = 40;

export interface BuyBoxControls {
  /** Bid, offer, contact-the-seller and show-the-phone controls. */
  deals: number;
  /** Stock alerts and disabled "Sold out" buttons. */
  stockAlerts: number;
}

// A classified's contact box is often a sidebar (aside): only the page's header, footer and navigation are chrome here.
const CHROME: ReadonlySet<string> = new Set(['header', 'footer', 'nav']);

/** The page's own such controls: outside the header, footer, navigation, recommendations and rows of tiles. */
export function countBuyBoxControls($: CheerioAPI): BuyBoxControls {
  // Its own walk, not the add-to-cart index's: that one leaves out aria-hidden subtrees, and a marketplace
  // may hold its whole listing in one while a dialog script runs; the text still shows it to every reader.
  const found: Array<{ element: Element; kind: keyof BuyBoxControls }> = [];
  const root = $.root()[0];
  const stack: AnyNode[] = root ? [...root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    const kind = kindOf(node);
    if (kind !== null) {
      found.push({ element: node, kind });
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  const counts: BuyBoxControls = { deals: 0, stockAlerts: 0 };
  if (found.length === 0) return counts;
  const tiled = controlsInTiles(
    found.map(({ element }) => element),
    shownHeadings($),
  );
  for (const { element, kind } of found) if (!tiled.has(element) && !aboutOtherProducts(element, CHROME)) counts[kind] += 1;
  return counts;
}

function kindOf(element: Element): keyof BuyBoxControls | null {
  const { name, attribs } = element;
  const control =
    name === 'button' ||
    attribs.role === 'button' ||
    (name === 'a' && attribs.href !== undefined) ||
    (name === 'input' && /^(?:submit|button)$/i.test(attribs.type ?? ''));
  if (!control) return null;
  const label =
    (name === 'input' ? foldWhitespace(attribs.value ?? '') : boundedText(element, MAX_NAME)) ||
    foldWhitespace(attribs['aria-label'] ?? '');
  if (label.length > MAX_NAME || notShown(element) || attribs['aria-hidden'] === 'true') return null;
  if (DEAL_WORDS.test(label)) return 'deals';
  if (STOCK_ALERT_WORDS.test(label) || (isDisabled(element) && saysSoldOut(label))) return 'stockAlerts';
  return null;
}
