import type { RouteContract } from '@openride/shared/contract';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildOpenApiDocument, JSON_SCHEMA_DIALECT } from '../src/http/openapi';
import { openApiPath } from '../src/http/openapi-html';

type Schema = Record<string, unknown>;
type Media = { schema?: Schema };
type Operation = { responses: Record<string, { content?: Record<string, Media> }> };

/**
 * Every JSON answer of the API suite, checked against the OpenAPI document a development server serves, by a
 * standard JSON Schema 2020-12 validator (Ajv's `ajv/dist/2020`), not by our own zod schemas (decision 0082):
 * what a third party's validator reads is what the server writes. `http-client.ts` calls it for every answer.
 * Formats are annotations, as 2020-12 says by default (zod checks them); everything else is asserted, strictly.
 */
let state: { document: ReturnType<typeof buildOpenApiDocument>; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;

const COMPONENTS = 'urn:openride:components';

function stateOf() {
  if (state) return state;
  const document = buildOpenApiDocument({ production: false });
  if (document.jsonSchemaDialect !== JSON_SCHEMA_DIALECT) throw new Error(`the document's jsonSchemaDialect is ${document.jsonSchemaDialect}, not 2020-12`);
  const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
  // The document's `#/components/schemas/X` refs, reachable from a response schema compiled on its own.
  ajv.addSchema({ $id: COMPONENTS, $defs: document.components.schemas });
  state = { document, ajv, compiled: new Map() };
  return state;
}

const rebased = (schema: Schema): Schema => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`)) as Schema;

/** The operations and statuses whose JSON answers were validated in this worker (`METHOD /path status`). */
export const validatedAnswers = new Set<string>();

/** The media types the document declares for an operation's status (its own, else `default`). */
export function declaredMedia(route: RouteContract, status: number): Record<string, Media> | undefined {
  const operation = (stateOf().document.paths as Record<string, Record<string, Operation>>)[openApiPath(route.path)]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${route.method} ${route.path} is not in the OpenAPI document`);
  return (operation.responses[String(status)] ?? operation.responses.default)?.content;
}

/**
 * Checks one answer of `route` against the document: its content type must be one the document declares for
 * the status, and a JSON body must match that media type's schema. Throws with Ajv's errors otherwise.
 */
export function checkAgainstDocument(route: RouteContract, status: number, contentType: string, body: unknown, hasBody: boolean) {
  const media = declaredMedia(route, status);
  const where = `${route.method} ${route.path} ${status}`;
  if (!media) {
    if (hasBody) throw new Error(`${where}: the OpenAPI document declares no body, the server sent ${contentType || 'one'}`);
    return;
  }
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!(type in media)) throw new Error(`${where}: answered ${type || 'no content type'}; the OpenAPI document declares ${Object.keys(media).join(', ')}`);
  const schema = media[type]!.schema;
  if (!schema || !type.endsWith('json')) return;
  const { ajv, compiled } = stateOf();
  const key = `${where} ${type}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = ajv.compile(rebased(schema));
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `${where} does not match the OpenAPI document (Ajv 2020-12):\n${formatErrors(validate.errors ?? [])}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
  validatedAnswers.add(`${route.method} ${route.path} ${status}`);
}

const formatErrors = (errors: ErrorObject[]) =>
  errors
    .slice(0, 10)
    .map((e) => `  ${e.instancePath || '(root)'} ${e.message}${Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('\n');
