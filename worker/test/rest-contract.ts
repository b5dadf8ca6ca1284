// The REST contract, checked on every answer the tests see: each /api answer that `call()` (helpers.ts) receives
// must have a status the OpenAPI document (GET /api/openapi.json) lists for its operation, and a JSON body that its
// schema for that status accepts (JSON Schema 2020-12, as OpenAPI 3.1 has it). So every test that drives a REST
// path, as whichever member it signs in, also proves the document true of the answers it got.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { exports } from 'cloudflare:workers';

type JsonObject = Record<string, any>;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** How many `{name}` parameters the template has: a path with fewer wins (`/users/spa_management` over `/users/{id}`). */
  parameters: number;
  responses: JsonObject;
}

export interface RestContract {
  document: JsonObject;
  operations: Operation[];
}

let contract: Promise<RestContract> | undefined;

function pointer(...segments: string[]): string {
  return `#/${segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

async function load(): Promise<RestContract> {
  const response = await exports.default.fetch(new Request('https://spa.test/api/openapi.json'));
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const document = (await response.json()) as JsonObject;
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, JsonObject>)) {
    for (const [method, operation] of Object.entries(item)) {
      const source = template
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        parameters: (template.match(/\{/g) ?? []).length,
        responses: (operation as JsonObject).responses,
      });
    }
  }
  operations.sort((a, b) => a.parameters - b.parameters);
  return { document, operations };
}

export function restContract(): Promise<RestContract> {
  contract ??= load();
  return contract;
}

/** The documented operation a request reaches, if any. */
export function operationFor(contract: RestContract, method: string, path: string): Operation | undefined {
  return contract.operations.find((operation) => operation.method === method && operation.pattern.test(path));
}

const validators = new Map<string, Validator>();

/** Validates a value against the schema at a pointer into the document (its $refs resolve within the document). */
export function validateAt(document: JsonObject, at: string, value: unknown): OutputUnit[] {
  let validator = validators.get(at);
  if (!validator) {
    validator = new Validator({ ...document, $ref: at } as Schema, '2020-12', false);
    validators.set(at, validator);
  }
  const result = validator.validate(value);
  return result.valid ? [] : result.errors;
}

/** Throws, naming the operation and what is wrong, when an /api answer does not keep the contract. */
export async function checkAgainstContract(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/') || url.pathname === '/api/openapi.json' || url.pathname === '/api/docs') return;
  const current = await restContract();
  const operation = operationFor(current, request.method, url.pathname);
  if (!operation) return; // not a documented path: the contract test checks that every served path is documented
  const name = `${request.method} ${url.pathname} (${operation.template})`;
  const status = String(response.status);
  const documented = operation.responses[status];
  if (!documented)
    throw new Error(
      `${name} answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')}): ${await response.clone().text()}`,
    );
  const media = Object.keys(documented.content ?? {})[0];
  if (media !== 'application/json') return;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${name} answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  const errors = validateAt(
    current.document,
    pointer(
      'paths',
      operation.template,
      operation.method.toLowerCase(),
      'responses',
      status,
      'content',
      media,
      'schema',
    ),
    body,
  );
  if (errors.length > 0)
    throw new Error(
      `${name} answered ${status} with a body its schema refuses: ${errors
        .slice(0, 5)
        .map((error) => `${error.instanceLocation}: ${error.error}`)
        .join('; ')}\n${text.slice(0, 500)}`,
    );
}
