import { describe, expect, it } from 'vitest';
import { finalStatus } from '#shared/model/batches/batch.js';
import { prepareItems } from '#shared/use-cases/batches/prepare-items.js';

const strict = { allowPrivateHosts: [] };

describe('batch items', () => {
  it('normalises URLs and keeps one item per distinct URL, in submission order', () => {
    const items = prepareItems(
      [
        'https://Shop.Example.com/a#top',
        ' https://shop.example.com/a ',
        'https://shop.example.com:443/a',
        'https://shop.example.com/b',
        'HTTPS://shop.example.com/a?x=1',
      ],
      strict,
    );
    expect(items).toEqual([
      { url: 'https://shop.example.com/a', error: null },
      { url: 'https://shop.example.com/b', error: null },
      { url: 'https://shop.example.com/a?x=1', error: null },
    ]);
  });

  it('keeps an invalid or blocked string as a failed item with its reason, once', () => {
    const items = prepareItems(
      [
        '',
        'not a url',
        'not a url',
        'ftp://shop.example/',
        'http://127.0.0.1/',
        'https://169.254.169.254/',
        'https://user:pw@shop.example/',
        'https://localhost/',
        `https://shop.example/${'a'.repeat(2100)}`,
      ],
      strict,
    );
    expect(items.map((item) => item.error)).toEqual([
      'url is empty',
      expect.stringMatching(/absolute http or https URL/),
      expect.stringMatching(/http or https/),
      expect.any(String),
      expect.any(String),
      expect.stringMatching(/user name or password/),
      expect.any(String),
      expect.stringMatching(/at most 2048 characters/),
    ]);
    expect(items.at(-1)!.url).toHaveLength(2049); // shown cut, with an ellipsis
  });

  it('lets the development hosts of ALLOW_PRIVATE_TARGETS through', () => {
    expect(prepareItems(['http://127.0.0.1:8123/p'], { allowPrivateHosts: ['127.0.0.1'] })).toEqual([
      { url: 'http://127.0.0.1:8123/p', error: null },
    ]);
  });
});

describe('the final status of a batch', () => {
  it('is null until every item is done, then completed with one success or more, failed with none', () => {
    expect(finalStatus({ totalUrls: 3, completedUrls: 1, failedUrls: 1 })).toBeNull();
    expect(finalStatus({ totalUrls: 3, completedUrls: 1, failedUrls: 2 })).toBe('completed');
    expect(finalStatus({ totalUrls: 2, completedUrls: 0, failedUrls: 2 })).toBe('failed');
    expect(finalStatus({ totalUrls: 1, completedUrls: 1, failedUrls: 0 })).toBe('completed');
  });
});
