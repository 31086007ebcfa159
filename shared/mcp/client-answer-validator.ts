import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/**
 * The SDK's server checks a client's answer to an elicitation (a question the server asks the user) against the
 * JSON Schema it asked with, through its `jsonSchemaValidator`: Ajv by default, built with every server, so with
 * every POST /mcp. These tools never ask, so nothing is ever checked; this validator says so if that changes.
 * With it Ajv is neither built per request nor bundled (unused-sdk-dependencies.ts).
 */
export const noClientAnswers: jsonSchemaValidator = {
  getValidator() {
    throw new Error('This MCP server asks clients nothing (no elicitation), so it has no answer to check');
  },
};
