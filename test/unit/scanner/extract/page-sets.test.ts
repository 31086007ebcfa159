import { describe, expect, it } from 'vitest';
import { shopOf, splitBySet } from './page-sets.js';

describe('shopOf', () => {
  it('is the registrable domain without its public suffix', () => {
    expect(shopOf('https://www.otto.de/p/1')).toBe('otto');
    expect(shopOf('https://zara.com/es/p.html')).toBe('zara');
    expect(shopOf('https://vmzona.com/product')).toBe('vmzona');
  });

  it('sees through second-level suffixes such as .co.uk, .com.br, .co.kr and .com.pk', () => {
    expect(shopOf('https://www.argos.co.uk/product/1')).toBe('argos');
    expect(shopOf('https://www.mobly.com.br/p')).toBe('mobly');
    expect(shopOf('https://www.tmon.co.kr/deal/1')).toBe('tmon');
    expect(shopOf('https://www.olx.com.pk/item/1')).toBe('olx');
    expect(shopOf('https://shop.example.org.uk/p')).toBe('example');
  });

  it('drops subdomains, however many', () => {
    expect(shopOf('https://kids.1k.by/p/1')).toBe('1k');
    expect(shopOf('https://dom.1k.by/p/2')).toBe('1k');
    expect(shopOf('https://ar-sa.namshi.com/p')).toBe('namshi');
    expect(shopOf('https://pokupki.market.yandex.ru/product/1')).toBe('yandex');
    expect(shopOf('https://birmingham.craigslist.org/for/1.html')).toBe('craigslist');
  });

  it('makes one shop of one name under several country domains', () => {
    const amazon = ['https://www.amazon.com/dp/1', 'https://www.amazon.co.uk/dp/2', 'https://www.amazon.it/dp/3'];
    expect(new Set(amazon.map(shopOf))).toEqual(new Set(['amazon']));
    expect(shopOf('https://www.zalando.fi/a')).toBe(shopOf('https://www.zalando.ie/b'));
  });

  it('ignores case, ports and a trailing root dot', () => {
    expect(shopOf('https://WWW.Argos.CO.UK:8443/p')).toBe('argos');
    expect(shopOf('https://www.otto.de./p')).toBe('otto');
  });

  it('keeps a bare name or an IP address as it is', () => {
    expect(shopOf('http://localhost:3000/p')).toBe('localhost');
    expect(shopOf('http://127.0.0.1:8080/p')).toBe('127.0.0.1');
    expect(shopOf('http://[::1]:8080/p')).toBe('[::1]');
  });
});

describe('splitBySet', () => {
  const urls = Object.fromEntries(
    ['a.com', 'b.co.uk', 'c.de', 'd.fr', 'e.com.br', 'f.it', 'www.a.co.uk', 'shop.c.de'].map((host, index) => [
      `page-${index}`,
      `https://${host}/p`,
    ]),
  );

  it('puts a third of the shops, rounded, in the validation set and every page of a shop in its set', () => {
    const sets = splitBySet(urls);
    const setOfShop = new Map<string, Set<string>>();
    for (const [id, url] of Object.entries(urls)) setOfShop.set(shopOf(url), (setOfShop.get(shopOf(url)) ?? new Set()).add(sets.get(id)!));
    expect(setOfShop.size).toBe(6);
    for (const inSets of setOfShop.values()) expect(inSets.size).toBe(1);
    expect([...setOfShop.values()].filter((inSets) => inSets.has('validation'))).toHaveLength(2);
  });

  it('does not depend on the order of the pages', () => {
    const reversed = Object.fromEntries(Object.entries(urls).reverse());
    expect(splitBySet(reversed)).toEqual(splitBySet(urls));
  });
});
