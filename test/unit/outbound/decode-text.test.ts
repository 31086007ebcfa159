import { describe, expect, it } from 'vitest';
import { charsetFromContentType, decodeText } from '#shared/outbound/decode-text.js';

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

describe('decodeText', () => {
  it('defaults to UTF-8 when nothing declares a charset', () => {
    expect(decodeText(Buffer.from('<p>Crème brûlée – 5 €</p>'), 'text/html')).toEqual({
      text: '<p>Crème brûlée – 5 €</p>',
      charset: 'utf-8',
    });
    expect(decodeText(Buffer.from('User-agent: *'), undefined).charset).toBe('utf-8');
  });

  it('uses the Content-Type charset', () => {
    expect(decodeText(latin1('Caf\xe9'), 'text/plain; charset=ISO-8859-1')).toEqual({
      text: 'Café',
      charset: 'windows-1252',
    });
    expect(decodeText(Buffer.from([0x82, 0xa0]), 'text/html; charset="Shift_JIS"')).toEqual({
      text: 'あ',
      charset: 'shift_jis',
    });
  });

  it('uses <meta charset> and <meta http-equiv> when the header has none', () => {
    expect(decodeText(latin1('<meta charset="windows-1252"><p>Caf\xe9</p>'), 'text/html').text).toContain('Café');
    const httpEquiv = latin1('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-15"><p>\xa4</p>');
    expect(decodeText(httpEquiv, 'text/html')).toMatchObject({ charset: 'iso-8859-15' });
    expect(decodeText(httpEquiv, 'text/html').text).toContain('€');
  });

  it('lets a byte order mark win over the header and drops it from the text', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Café')]);
    expect(decodeText(withBom, 'text/plain; charset=iso-8859-1')).toEqual({ text: 'Café', charset: 'utf-8' });
  });

  it('reads the encoding of an XML declaration', () => {
    const xml = latin1('<?xml version="1.0" encoding="ISO-8859-1"?><urlset><loc>caf\xe9</loc></urlset>');
    expect(decodeText(xml, 'application/xml').text).toContain('café');
  });

  it('ignores an unknown charset label', () => {
    expect(decodeText(Buffer.from('Café'), 'text/html; charset=no-such-charset')).toEqual({ text: 'Café', charset: 'utf-8' });
  });
});

describe('charsetFromContentType', () => {
  it('extracts quoted and unquoted labels', () => {
    expect(charsetFromContentType('text/html; charset=utf-8')).toBe('utf-8');
    expect(charsetFromContentType('text/html;charset="UTF-8"; foo=bar')).toBe('UTF-8');
    expect(charsetFromContentType('text/html; CHARSET = latin1')).toBe('latin1');
    expect(charsetFromContentType('text/html')).toBeUndefined();
    expect(charsetFromContentType(undefined)).toBeUndefined();
    expect(charsetFromContentType('text/html; charset=""')).toBeUndefined();
  });
});
