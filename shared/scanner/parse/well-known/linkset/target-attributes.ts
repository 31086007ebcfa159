/**
 * The members of an RFC 9264 link target object besides `href`: its target attributes (section 4.2.4),
 * each with the JSON shape the RFC gives it.
 *
 * - `hreflang`: an array of language tags, even for one; `media`, `title`: strings; `type`: a media type.
 * - `title*` and any other name ending in `*` (RFC 8187 attributes, section 4.2.4.2): an array of one or
 *   more `{ "value": string, "language"?: tag }` objects.
 * - Any other name is an extension attribute (section 4.2.4.3): an array of strings, even for one value.
 */

import { z } from 'zod';
import { builtOnFirstUse } from '../built-on-first-use.js';
import { isLanguageTag, isMediaType } from '../syntax.js';

/** Built when a catalog's first link target with attributes is read: most shops serve no catalog. */
const schemas = builtOnFirstUse(() => {
  const languageTag = z.string({ error: 'must be a language tag string such as en' }).refine(isLanguageTag, {
    error: 'must be a language tag such as en or de-CH',
  });

  const internationalized = z
    .array(
      z.looseObject(
        {
          value: z.string({ error: (issue) => (issue.input === undefined ? 'required, the attribute text' : 'must be a string') }),
          language: languageTag.optional(),
        },
        { error: 'each value must be a {"value": ..., "language": ...} object' },
      ),
      { error: 'must be an array of {"value": ..., "language": ...} objects (RFC 9264 section 4.2.4.2)' },
    )
    .min(1, { error: 'must hold at least one {"value": ...} object' });

  const attributes: ReadonlyMap<string, z.ZodType> = new Map<string, z.ZodType>([
    [
      'hreflang',
      z.array(languageTag, { error: 'must be an array of language tags, e.g. ["en"], even for one (RFC 9264 section 4.2.4.1)' }),
    ],
    ['media', z.string({ error: 'must be a string (RFC 9264 section 4.2.4.1)' })],
    ['title', z.string({ error: 'must be a string (RFC 9264 section 4.2.4.1)' })],
    [
      'type',
      z
        .string({ error: 'must be a media type string such as application/json' })
        .refine(isMediaType, { error: 'must be a media type such as application/json or text/html' }),
    ],
  ]);

  const extension = z.array(z.string({ error: 'each value must be a string' }), {
    error: 'an extension attribute must be an array of strings, e.g. ["value"], even for one value (RFC 9264 section 4.2.4.3)',
  });
  return { attributes, internationalized, extension };
});

/** The schema a target attribute's value must meet, by the attribute's name. */
export function targetAttributeSchema(name: string): z.ZodType {
  const { attributes, internationalized, extension } = schemas();
  return attributes.get(name) ?? (name.endsWith('*') ? internationalized : extension);
}
