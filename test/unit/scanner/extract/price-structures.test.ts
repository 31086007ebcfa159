/**
 * The main price read from a page without markup across the ways shops write it (issue 42), generated
 * from parts: each language's number format and currency mark, the sale price beside a crossed-out or
 * labelled list price, and the amounts that are not the price (instalments, unit prices, shipping,
 * savings) around it. A rule fitted to one shop's wording fails here on another's.
 */
import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { findBuyButton } from '#shared/scanner/extract/buy-button.js';
import { mainPriceNearTitle } from '#shared/scanner/extract/text-price.js';

interface Language {
  lang: string;
  amount: (whole: number) => string;
  cart: string;
  was: string;
  instalment: (whole: number) => string;
  unit: (whole: number) => string;
  shipping: (whole: number) => string;
}

const LANGUAGES: Language[] = [
  {
    lang: 'en-GB',
    amount: (n) => `£${n.toLocaleString('en-GB')}.99`,
    cart: 'Add to basket',
    was: 'Was',
    instalment: (n) => `or 4 payments of £${n}.25`,
    unit: (n) => `£${n}.10/kg`,
    shipping: (n) => `Delivery £${n}.95`,
  },
  {
    lang: 'de-DE',
    amount: (n) => `${n.toLocaleString('de-DE')},99 €`,
    cart: 'In den Warenkorb',
    was: 'Statt',
    instalment: (n) => `ab ${n},25 € mtl.`,
    unit: (n) => `${n},10 €/kg`,
    shipping: (n) => `Versand ${n},95 €`,
  },
  {
    lang: 'fr-FR',
    amount: (n) => `${n.toLocaleString('fr-FR')},99 €`,
    cart: 'Ajouter au panier',
    was: 'Au lieu de',
    instalment: (n) => `ou 3x ${n},25 €`,
    unit: (n) => `${n},10 € / kg`,
    shipping: (n) => `Livraison ${n},95 €`,
  },
  {
    lang: 'es-ES',
    amount: (n) => `${n.toLocaleString('es-ES')},99 €`,
    cart: 'Añadir al carrito',
    was: 'Antes',
    instalment: (n) => `o 3 cuotas de ${n},25 €`,
    unit: (n) => `${n},10 €/kg`,
    shipping: (n) => `Envío ${n},95 €`,
  },
  {
    lang: 'pl-PL',
    amount: (n) => `${n.toLocaleString('pl-PL')},99 zł`,
    cart: 'Dodaj do koszyka',
    was: 'Było',
    instalment: (n) => `raty od ${n},25 zł`,
    unit: (n) => `${n},10 zł/kg`,
    shipping: (n) => `Dostawa ${n},95 zł`,
  },
];

type Shape = 'alone' | 'struck list price' | 'labelled list price' | 'instalment after' | 'unit price after' | 'shipping after';
const SHAPES: Shape[] = ['alone', 'struck list price', 'labelled list price', 'instalment after', 'unit price after', 'shipping after'];

function buyBox(language: Language, shape: Shape, whole: number): string {
  const price = `<span class="price">${language.amount(whole)}</span>`;
  const list = language.amount(whole + 40);
  const box = {
    alone: price,
    'struck list price': `<del>${list}</del> ${price}`,
    'labelled list price': `<span class="price-was">${language.was} ${list}</span> ${price}`,
    'instalment after': `${price}<p class="info">${language.instalment(Math.round(whole / 4))}</p>`,
    'unit price after': `${price}<p class="info">${language.unit(3)}</p>`,
    'shipping after': `${price}<p class="info">${language.shipping(4)}</p>`,
  }[shape];
  return `<h1>Oak table</h1><div class="price-box">${box}</div><button type="submit">${language.cart}</button>`;
}

function read(language: Language, html: string) {
  const page = `<html lang="${language.lang}"><body><header><a href="/cart">0</a></header><main>${html}</main></body></html>`;
  const $ = load(page, { xml: { xmlMode: false, decodeEntities: true } });
  return mainPriceNearTitle($, findBuyButton($));
}

describe('the main price across languages and price-box shapes', () => {
  const cases = LANGUAGES.flatMap((language) =>
    SHAPES.flatMap((shape) => [49, 1299].map((whole) => [language.lang, shape, whole, language] as const)),
  );
  it.each(cases)('%s, %s, %i', (_lang, shape, whole, language) => {
    const found = read(language, buyBox(language, shape, whole));
    expect(found?.price).toBe(`${whole}.99`);
    if (shape === 'struck list price' || shape === 'labelled list price') expect(found?.listPrice).toBe(`${whole + 40}.99`);
  });
});
