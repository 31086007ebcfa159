/**
 * MCP server card, schema v1 (`#/$defs/ServerCard` of modelcontextprotocol/experimental-ext-server-card
 * https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/schema.json): `$schema`, `name`, `version` and `description` required; `title`, `websiteUrl`,
 * `repository`, `icons`, `remotes` and `_meta` optional; unknown members allowed (the schema does not
 * forbid them).
 */

import { z } from 'zod';
import { builtOnFirstUse } from '../built-on-first-use.js';
import { bool, list, map, object, oneOf, text, uri } from '../schema-words.js';

export const SERVER_CARD_V1_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The schema URL of any server card schema family: `vN` is the family (v1 today). */
export const serverCardSchemaUrl = /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/([^/]+)\/server-card\.schema\.json$/;

const v1SchemaUrl = /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v1\/server-card\.schema\.json$/;

/** `Remote.url`: an http(s) URL, or one that starts with a `{variable}` the client fills in. */
export const remoteUrl = /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/;

/** The v1 card's members, built afresh for each schema that holds them. */
function cardShape() {
  const input = object(
    {
      description: text('what the input is for').optional(),
      isRequired: bool('whether the input must be supplied').optional(),
      isSecret: bool('whether the input is a secret').optional(),
      format: oneOf(['string', 'number', 'boolean', 'filepath'], 'the input format').optional(),
      default: text('the default value').optional(),
      placeholder: text('an example value').optional(),
      value: text('the pre-set value').optional(),
      choices: list(text('an allowed value'), 'the allowed values').optional(),
    },
    'an input: description, isRequired, isSecret, format, default, value...',
  );

  const variables = map(input, 'variables by name, each an input such as {"description": "..."}');

  const header = input.extend({
    name: text('the header name, such as Authorization'),
    variables: variables.optional(),
  });

  const remote = object(
    {
      type: oneOf(['streamable-http', 'sse'], 'the transport, streamable-http or sse'),
      url: text('the endpoint URL, such as https://shop.example/mcp').regex(remoteUrl, {
        error: 'must be an http(s) URL such as https://shop.example/mcp, or start with a {variable}',
      }),
      headers: list(header, 'the HTTP headers, each with a name').optional(),
      variables: variables.optional(),
      supportedProtocolVersions: list(text('an MCP protocol version such as 2025-11-25'), 'MCP protocol versions').optional(),
    },
    'a remote endpoint: {"type": "streamable-http", "url": "https://shop.example/mcp"}',
  );

  const icon = object(
    {
      src: uri('the icon URL'),
      mimeType: text('the icon media type, such as image/png').optional(),
      sizes: list(text('a size such as 48x48'), 'the icon sizes').optional(),
      theme: oneOf(['light', 'dark'], 'light or dark').optional(),
    },
    'an icon: {"src": "https://..."}',
  );

  const repository = object(
    {
      url: uri('the source repository URL'),
      source: text('the hosting service, such as github'),
      subfolder: text('the path inside the repository').optional(),
      id: text('the repository id at its host').optional(),
    },
    'the source repository: {"url": "https://...", "source": "github"}',
  );

  return {
    $schema: text(`the schema URL ${SERVER_CARD_V1_SCHEMA}`).regex(v1SchemaUrl, {
      error: `must be ${SERVER_CARD_V1_SCHEMA}`,
    }),
    name: text("the server's name in reverse-DNS form, such as com.example/store", { min: 3, max: 200 }).regex(
      /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/,
      { error: 'must be a reverse-DNS namespace, one slash, then the server name, such as com.example/store' },
    ),
    version: text("the server's version, such as 1.0.0", { max: 255 }),
    description: text('what the server does, in at most 100 characters', { min: 1, max: 100 }),
    title: text('a display name', { min: 1, max: 100 }).optional(),
    websiteUrl: uri("the server's web page").optional(),
    repository: repository.optional(),
    icons: list(icon, 'icons, each {"src": "https://..."}').optional(),
    remotes: list(remote, 'the remote endpoints, each {"type": "streamable-http", "url": "https://..."}').optional(),
    _meta: object({}, 'extension metadata keyed by reverse-DNS names').optional(),
  };
}

/** Built when a card is first judged: most shops serve none, and the cold start should not pay for it. */
export const serverCardV1 = builtOnFirstUse(() => z.looseObject(cardShape()));

/** A later `vN` card, judged by the v1 rules except for the schema URL it names. */
export const serverCardNewer = builtOnFirstUse(() => z.looseObject({ ...cardShape(), $schema: text('the schema URL') }));

export type ServerCardV1 = z.infer<ReturnType<typeof serverCardV1>>;
