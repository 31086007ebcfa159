/** What a value behind an identifier label must look like, and what it must not be. */

// An identifier: letters, digits and a few joiners, with at least one digit (so a label's next word is not taken).
export const ID_BODY = String.raw`(?=[\p{L}\p{N}./_-]*\d)[A-Z0-9](?:[A-Z0-9]|[-./_](?=[A-Z0-9])){2,39}`;
// "No.", "Nr.", "N°", "№" after a label ("Art.-Nr.", "Model No.", "Item №").
export const NUMBER_MARK = String.raw`\.?(?:\s*(?:n[°ºo]\.?|nr\.?|no\.?|№))?`;
const WHOLE_ID = new RegExp(`^${ID_BODY}$`, 'iu');

// A promotion code ("enter the code SAVE2024"), a price, a date, a year, a phone number or a quantity is never an identifier.
const PROMOTION_BEFORE =
  /(?:coupon|promo|voucher|gutschein|rabatt|discount|cup[oó]n|descuento|sconto|korting|kupon|slev|промокод|скидк|kedvezmény|alennus)\P{L}{0,3}(?:\p{L}+\P{L}+){0,3}$/iu;
const AMOUNT_AFTER =
  /^\s*(?:\p{Sc}|(?:eur|usd|gbp|chf|pln|czk|huf|ron|sek|dkk|nok|rub|uah|kzt|try)(?![\p{L}])|zł|kč|ft(?![\p{L}])|kr(?![\p{L}])|lei(?![\p{L}])|руб|грн|тг)/iu;
// A unit after the value ("250 ml", "3 Stück"); not a word that starts with one ("M'avertir").
const QUANTITY_AFTER = /^\s*(?:pcs|pieces|stück|stk|шт|ks|db|kpl|szt|ml|l|g|kg|cm|mm|m)(?![\p{L}\p{N}'’])/iu;
const DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[./-]\d{1,2}[./-]\d{1,2})$/;
const AMOUNT = /^\d+[.,]\d{1,2}$/;
const YEAR = /^(?:19|20)\d{2}$/;
const PHONE = /^\d{2,4}([-. ])\d{2,4}(?:\1\d{2,4}){1,3}$/;

/** A value read behind a label that could be an identifier, given the text just after and before it. */
export function plausibleIdentifier(value: string, after = '', before = ''): boolean {
  if (DATE.test(value) || AMOUNT.test(value) || YEAR.test(value) || PHONE.test(value)) return false;
  return !AMOUNT_AFTER.test(after) && !QUANTITY_AFTER.test(after) && !PROMOTION_BEFORE.test(before);
}

/** A whole cell's text when it is one plausible identifier. */
export function wholeIdentifier(text: string): string | null {
  return WHOLE_ID.test(text) && plausibleIdentifier(text) ? text : null;
}
