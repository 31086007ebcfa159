/**
 * What four of the MCP SDK's dependencies are in the deployed bundles (lib/function-bundling.ts `alias`). The SDK's
 * server imports them for what the mcp function never does, and evaluating them cost its every cold start
 * (bench/RESULTS.md, "Cold start"; docs/decisions/100-mcp-function-as-a-scanner.md):
 * - `ajv` and `ajv-formats`: the default check of a client's answer to an elicitation. This server asks clients
 *   nothing and is given a check of its own (client-answer-validator.ts).
 * - `zod/v3` and `zod-to-json-schema`: tool schemas written with zod 3. Every schema here is zod 4.
 * Each export throws: a use the SDK adds fails loudly in test/unit/mcp/mcp-bundle.test.ts, not silently.
 */
function leftOut(): never {
  throw new Error('Left out of the deployed bundles (shared/mcp/unused-sdk-dependencies.ts): the MCP SDK now uses it');
}

/** `new Ajv()` and ajv-formats' `addFormats()`. */
export default leftOut;
/** zod 3's `object()`, for a zod 3 shape. */
export const object = leftOut;
/** zod-to-json-schema, for a zod 3 schema. */
export const zodToJsonSchema = leftOut;
