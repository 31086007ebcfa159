import type { Ajv } from 'ajv';
import type { ToolSchemaVerdict } from '#shared/scanner/drives/drive-report.js';
import { versionOf } from '#shared/scanner/standards.js';

type Validator = Pick<Ajv, 'validateSchema' | 'errorsText' | 'errors'>;

const options = { strict: false, validateFormats: false };
const draft202012 = 'https://json-schema.org/draft/2020-12/schema';
const draft07 = 'http://json-schema.org/draft-07/schema';

/**
 * Ajv through the package's own `#json-schema/*` imports, loaded on the first drive that lists tools: the deployed
 * bundles replace the bare `ajv` the MCP SDK's server imports (lib/function-bundling.ts `alias`), and a function that
 * drives no endpoint evaluates none of it at a cold start.
 */
const dialects: Record<string, () => Promise<Validator>> = {
  [draft202012]: async () => new (await import('#json-schema/draft-2020-12')).Ajv2020(options),
  'https://json-schema.org/draft/2019-09/schema': async () => new (await import('#json-schema/draft-2019-09')).Ajv2019(options),
  [draft07]: async () => new (await import('#json-schema/draft-07')).Ajv(options),
};
const validators = new Map<string, Promise<Validator>>();
const maxProblemChars = 240;

function validatorFor(dialect: string): Promise<Validator> | null {
  const key = dialect.replace(/#$/, '');
  const make = dialects[key];
  if (!make) return null;
  const made = validators.get(key) ?? make();
  validators.set(key, made);
  return made;
}

/**
 * The dialects a schema without `$schema` may be written in. From MCP's current version on (SEP-1613) it is JSON
 * Schema 2020-12; earlier versions named none, and servers wrote draft-07 as often, so either one is taken as meant.
 */
function defaultDialects(protocolVersion: string | null): string[] {
  return protocolVersion !== null && protocolVersion >= versionOf('mcpProtocol') ? [draft202012] : [draft202012, draft07];
}

/** Null when valid, else why not, in Ajv's words with the schema named `inputSchema`. */
async function metaSchemaProblem(schema: object, dialect: string): Promise<string | null> {
  const validator = await validatorFor(dialect);
  if (!validator) return null;
  try {
    if (validator.validateSchema(schema) === true) return null;
  } catch (error) {
    return `inputSchema cannot be read as JSON Schema: ${String(error).slice(0, 120)}`;
  }
  return validator.errorsText(validator.errors, { dataVar: 'inputSchema', separator: '; ' }).slice(0, maxProblemChars);
}

/**
 * An input schema as the MCP specification defines it (Tool.inputSchema): a JSON object whose `type` is "object",
 * and a valid schema of its dialect. Only the schema itself is validated, against its dialect's meta-schema (ours to
 * trust); it is never compiled, so a hostile schema runs none of its own patterns or references here.
 */
export async function judgeInputSchema(schema: unknown, protocolVersion: string | null): Promise<ToolSchemaVerdict> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { inputSchema: 'invalid', problem: 'inputSchema is missing or not a JSON object' };
  }
  const record = schema as Record<string, unknown>;
  if (record.type !== 'object') {
    return { inputSchema: 'invalid', problem: `inputSchema.type is ${JSON.stringify(record.type ?? null)}; MCP requires "object"` };
  }
  const declared = typeof record.$schema === 'string' ? record.$schema : null;
  if (declared !== null && validatorFor(declared) === null) {
    return { inputSchema: 'unknown_dialect', problem: `inputSchema.$schema names ${declared.slice(0, 120)}, a dialect not judged here` };
  }
  const problems = await Promise.all(
    (declared ? [declared] : defaultDialects(protocolVersion)).map((dialect) => metaSchemaProblem(schema, dialect)),
  );
  if (problems.some((problem) => problem === null)) return { inputSchema: 'valid', problem: null };
  return { inputSchema: 'invalid', problem: problems[0] ?? null };
}
