import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { decimalMark, pageLanguage } from '#shared/scanner/extract/page-language.js';
import { amountsIn, amountValue, conventionsOf, currencyOfMark, NO_CONVENTIONS } from '#shared/scanner/extract/price-conventions.js';

const conventions = (lang: string) => conventionsOf(pageLanguage(load(`<html lang="${lang}"><body></body></html>`)));

describe('the page language', () => {
  it('reads <html lang>, then content-language, then og:locale, with the region of the same language', () => {
    expect(pageLanguage(load('<html lang="de-CH"><body></body></html>'))).toEqual({ language: 'de', region: 'CH' });
    expect(pageLanguage(load('<html><head><meta http-equiv="Content-Language" content="pl"></head></html>'))).toEqual({
      language: 'pl',
      region: null,
    });
    expect(pageLanguage(load('<html lang="en"><head><meta property="og:locale" content="en_GB"></head></html>'))).toEqual({
      language: 'en',
      region: 'GB',
    });
    expect(pageLanguage(load('<html lang="sr-Latn-RS"></html>'))).toEqual({ language: 'sr', region: 'RS' });
    expect(pageLanguage(load('<html><body></body></html>'))).toEqual({ language: null, region: null });
  });

  it.each([
    ['en-GB', '.'],
    ['de', ','],
    ['de-CH', '.'],
    ['fr', ','],
    ['es-MX', '.'],
    ['es-ES', ','],
    ['pl', ','],
    ['cs', ','],
    ['ru', ','],
    ['ja', '.'],
  ])('%s writes %s as its decimal mark', (lang, mark) => {
    expect(decimalMark(pageLanguage(load(`<html lang="${lang}"></html>`)))).toBe(mark);
  });
});

describe('amounts as shops write them', () => {
  it.each([
    ['£1,299.00', 1299, 'GBP'],
    ['1.299,00 €', 1299, 'EUR'],
    ['1 299,00 €', 1299, 'EUR'],
    ['1\u00a0299,90\u00a0€', 1299.9, 'EUR'],
    ['1\u202f299 Kč', 1299, 'CZK'],
    ["CHF 1'299.–", 1299, 'CHF'],
    ['49,- €', 49, 'EUR'],
    ['US$ 19.99', 19.99, 'USD'],
    ['R$ 1.759,99', 1759.99, 'BRL'],
    ['249,00 zł', 249, 'PLN'],
    ['12 490 Kč', 12490, 'CZK'],
    ['5 990 Ft', 5990, 'HUF'],
    ['173,34 lei', 173.34, 'RON'],
    ['44 890 ₽', 44890, 'RUB'],
    ['899 руб.', 899, 'RUB'],
    ['131 990 ₸', 131990, 'KZT'],
    ['131 990 тг.', 131990, 'KZT'],
    ['1 299 грн', 1299, 'UAH'],
    ['₹1,23,456', 123456, 'INR'],
    ['¥12,800', 12800, 'JPY'],
    ['12,800円', 12800, 'JPY'],
    ['30,000원', 30000, 'KRW'],
    ['EUR15.99', 15.99, 'EUR'],
    ['15.99 EUR', 15.99, 'EUR'],
    ['99 ر.س', 99, 'SAR'],
  ])('%s is %d %s', (text, amount, currency) => {
    expect(amountsIn(text)).toMatchObject([{ amount, currency }]);
  });

  it('reads a lone three-digit group as thousands: `24.990` is 24990, whatever the language', () => {
    expect(amountsIn('$24.990', conventions('es-CL'))).toMatchObject([{ amount: 24990, currency: 'CLP' }]);
    expect(amountsIn('24.990 €', conventions('de'))).toMatchObject([{ amount: 24990 }]);
    expect(amountsIn('₩24,990', conventions('ko'))).toMatchObject([{ amount: 24990, currency: 'KRW' }]);
  });

  it('reads a thousandth in the language’s decimal mark for currencies with three decimals', () => {
    expect(amountValue('12.500', 'KWD', conventions('ar'))).toBe(12.5);
    expect(amountValue('12.500', 'EUR', conventions('en'))).toBe(12500);
  });

  it('settles `$`, `kr`, `Rs` and `¥` by the page’s region or language, else leaves the currency open', () => {
    expect(currencyOfMark('$', conventions('en-US'))).toBe('USD');
    expect(currencyOfMark('$', conventions('en-AU'))).toBe('AUD');
    expect(currencyOfMark('$', conventions('es-CL'))).toBe('CLP');
    expect(currencyOfMark('$', NO_CONVENTIONS)).toBeNull();
    expect(currencyOfMark('kr', conventions('sv'))).toBe('SEK');
    expect(currencyOfMark('kr', conventions('da-DK'))).toBe('DKK');
    expect(currencyOfMark('kr', NO_CONVENTIONS)).toBeNull();
    expect(currencyOfMark('Rs.', conventions('en-IN'))).toBe('INR');
    expect(currencyOfMark('¥', conventions('zh-CN'))).toBe('CNY');
    expect(currencyOfMark('¥', NO_CONVENTIONS)).toBe('JPY');
    expect(currencyOfMark('Fr.', conventions('de-CH'))).toBe('CHF');
    expect(currencyOfMark('Fr.', conventions('fr-FR'))).toBeUndefined();
  });

  it('keeps two amounts apart when each has its mark before it, and a label that is no currency out of the match', () => {
    expect(amountsIn('£399.00 £349.00').map((shown) => shown.amount)).toEqual([399, 349]);
    expect(amountsIn('19,99 € 24,99 €').map((shown) => shown.amount)).toEqual([19.99, 24.99]);
    expect(amountsIn('UVP 129,00 €')).toMatchObject([{ amount: 129, text: '129,00 €' }]);
  });

  it('takes no amount without a currency mark, nor a word that only looks like a code', () => {
    expect(amountsIn('Model 2019, 45 cm, USB 3.0')).toEqual([]);
    expect(amountsIn('4.5 out of 5 stars')).toEqual([]);
  });
});
