import { describe, expect, it } from 'vitest';
import { namesCartAction } from '#shared/scanner/extract/add-to-cart.js';

describe('a control named for adding to the cart or buying, in the languages the scanner reads', () => {
  it.each([
    'Add to cart',
    'Adding to basket…',
    'Buy it now',
    'Ielikt grozā',
    'Lisää ostoskoriin',
    'Lisa ostukorvi',
    'Do košíka',
    'Adauga in Cos',
    'Добавить в корзину',
    'В корзину',
    'Купить',
    'Купити',
    'Comprar Entrada',
    'Sepete ekle',
    'Προσθήκη στο καλάθι',
    'カートに入れる',
    '장바구니',
  ])('%s', (name) => expect(namesCartAction(name)).toBe(true));

  it.each([
    // A bare verb that does not lead the name, or a question: stockists and guides, not the product's button.
    'Где купить? 4',
    'Wo kaufen?',
    'Tips: what to buy',
    'Add to list',
    'Aggiungi alla Lista',
    'Visualizza Carrello',
    'Subscribe',
    // Letters of any script must not run on: a phrase inside a longer word is not the phrase.
    'Покупки',
  ])('not %s', (name) => expect(namesCartAction(name)).toBe(false));
});
