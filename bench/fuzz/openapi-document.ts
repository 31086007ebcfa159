/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export type JsonSchema = { [keyword: string]: unknown } | boolean;

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

export interface Reference {
  $ref: string;
}

export interface OperationObject {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<ParameterObject | Reference>;
  requestBody?: { required?: boolean; content?: Record<string, MediaTypeObject> } | Reference;
  responses: Record<string, ResponseObject | Reference>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components?: Record<string, Record<string, unknown>>;
}

/** One operation, with its method and path template, and its references resolved. */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  /** Whether an API key (or session) is one of its security requirements. */
  takesKey: boolean;
  parameters: ParameterObject[];
  bodySchema: JsonSchema | undefined;
  responses: Record<string, ResponseObject>;
  /** JSON pointer of each documented response's JSON schema, by status, for ajv. */
  responseSchemaPointers: Record<string, Record<string, string>>;
}

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Follows a local `#/…` reference (one that may itself be a reference) to the object it names, with its pointer. */
export function resolveLocal<T>(document: OpenApiDocument, value: T | Reference, pointer: string): { value: T; pointer: string } {
  let current: unknown = value;
  let at = pointer;
  for (let hops = 0; isReference(current); hops += 1) {
    if (hops > 20 || !current.$ref.startsWith('#/')) throw new Error(`Cannot follow ${current.$ref}`);
    at = current.$ref.slice(1);
    current = current.$ref
      .slice(2)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], document);
    if (current === undefined) throw new Error(`${at} is not in the document`);
  }
  return { value: current as T, pointer: at };
}

/** Every operation of the document's paths, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const base = `/paths/${escapePointer(path)}/${method}`;
      const parameters = (operation.parameters ?? []).map(
        (parameter, index) => resolveLocal(document, parameter, `${base}/parameters/${index}`).value,
      );
      const body = operation.requestBody ? resolveLocal(document, operation.requestBody, `${base}/requestBody`).value : undefined;
      const responses: Record<string, ResponseObject> = {};
      const responseSchemaPointers: Record<string, Record<string, string>> = {};
      for (const [status, response] of Object.entries(operation.responses)) {
        const resolved = resolveLocal<ResponseObject>(document, response, `${base}/responses/${status}`);
        responses[status] = resolved.value;
        responseSchemaPointers[status] = Object.fromEntries(
          Object.entries(resolved.value.content ?? {})
            .filter(([, media]) => media.schema !== undefined)
            .map(([type]) => [type, `${resolved.pointer}/content/${escapePointer(type)}/schema`]),
        );
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        takesKey: (operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
        parameters,
        bodySchema: body?.content?.['application/json']?.schema,
        responses,
        responseSchemaPointers,
      });
    }
  }
  return operations;
}
