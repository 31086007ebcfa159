import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { elementsNamed, lowerAttr } from '#shared/scanner/parse/elements.js';

const parse = (html: string) => load(html, { xml: { xmlMode: false, decodeEntities: true } });

describe('elementsNamed', () => {
  it('lists elements of a name in document order, nested ones included, as a selector query does', () => {
    const $ = parse(
      '<div id="a"><div id="b"><p>x</p><div id="c"></div></div></div><DIV id="d"></DIV><template><div id="e"></div></template>',
    );
    const ids = (name: string) => elementsNamed($, name).map((el) => el.attribs.id);
    expect(ids('div')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids('div')).toEqual(
      $('div')
        .toArray()
        .map((el) => el.attribs.id),
    );
    expect(elementsNamed($, 'span')).toEqual([]);
  });

  it('finds scripts, styles and elements after unclosed markup', () => {
    const $ = parse(
      '<head><script type="application/ld+json">{}</script><style>p{}</style></head><body><p>one<p>two<script src="/a.js"></script>',
    );
    expect(elementsNamed($, 'script').map((el) => el.attribs.type ?? el.attribs.src)).toEqual(['application/ld+json', '/a.js']);
    expect(elementsNamed($, 'style')).toHaveLength(1);
    expect(elementsNamed($, 'p')).toHaveLength($('p').length);
  });

  it('reads case-insensitive attribute values in lower case', () => {
    const $ = parse('<input TYPE="Search"><link rel="Search Alternate" href="/os.xml">');
    expect(lowerAttr(elementsNamed($, 'input')[0]!, 'type')).toBe('search');
    expect(lowerAttr(elementsNamed($, 'link')[0]!, 'rel')).toBe('search alternate');
    expect(lowerAttr(elementsNamed($, 'link')[0]!, 'type')).toBe('');
  });
});
