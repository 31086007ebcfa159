import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument, Operation } from './openapi-document.js';

// ajv-formats is CommonJS: its default export arrives wrapped under tsx and vitest.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

export interface ObservedResponse {
  status: number;
  /** The Content-Type header, or null. */
  contentType: string | null;
  body: string;
}

export type MismatchKind = 'undocumented_status' | 'content_type' | 'invalid_json' | 'body_schema';

export interface Mismatch {
  kind: MismatchKind;
  detail: string;
}

const documentId = 'https://fuzz.invalid/openapi.json';

/** The documented response for a status: the exact code, then its range (`4XX`), then `default`. */
function documentedStatus(operation: Operation, status: number): string | undefined {
  return [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in operation.responses);
}

/**
 * Checks responses against the OpenAPI document: the status must be documented for the operation,
 * the content type must be one documented for it, and a documented JSON schema must validate the body.
 */
export function createResponseChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, documentId);
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string) => {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${documentId}#${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  };

  return function check(operation: Operation, response: ObservedResponse): Mismatch | null {
    const key = documentedStatus(operation, response.status);
    if (key === undefined)
      return {
        kind: 'undocumented_status',
        detail: `${response.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
      };
    const documented = operation.responses[key]!;
    const types = Object.keys(documented.content ?? {});
    // A response documented without content: its body is not described, so not checked.
    if (types.length === 0) return null;
    const mediaType = response.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!types.includes(mediaType))
      return {
        kind: 'content_type',
        detail: `content type ${response.contentType ?? '(none)'} is not one documented for ${key} (${types.join(', ')})`,
      };
    const pointer = operation.responseSchemaPointers[key]?.[mediaType];
    if (pointer === undefined || mediaType !== 'application/json') return null;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return { kind: 'invalid_json', detail: `the ${response.status} body is not JSON` };
    }
    const validate = validatorAt(pointer);
    if (validate(body)) return null;
    return { kind: 'body_schema', detail: ajv.errorsText(validate.errors, { dataVar: 'body' }) };
  };
}

export type ResponseChecker = ReturnType<typeof createResponseChecker>;
