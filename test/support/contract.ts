import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OPENAPI_PATH } from '../../scripts/generate-openapi.js';

/**
 * Checks answers against the checked-in OpenAPI document as a client developer would: the status
 * is documented for the operation, the media type is the documented one, and the body validates
 * against the documented schema (JSON Schema 2020-12 through Ajv, components resolved in place).
 */
export function contractChecker(options: { unpublishedGameTypes?: string[] } = {}) {
  const document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>; components: { schemas: Record<string, { oneOf?: unknown[] }> } };
  // Test doubles (the toy game) are games the published document does not know: their games are
  // checked against the generic shapes only.
  for (const type of options.unpublishedGameTypes ?? []) {
    for (const name of ['GameSummary', 'GameDetail']) {
      document.components.schemas[name]!.oneOf!.push({ allOf: [{ $ref: `#/components/schemas/${name}Base` }, { type: 'object', properties: { type: { const: type } } }] });
    }
    // A record (GET /v1/admin/games/{id}/export) has no generic shape: only its format and type are checked.
    document.components.schemas.GameRecord!.oneOf!.push({ type: 'object', required: ['format', 'type'], properties: { type: { const: type } } });
    // Nor has a replay (GET /v1/games/{id}/replay): its game type only.
    document.components.schemas.Replay!.oneOf!.push({ type: 'object', required: ['gameType'], properties: { gameType: { const: type } } });
  }
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const base = 'https://boardgame-server.dev/openapi.json';
  ajv.addSchema({ ...document, $id: base });
  // Literal paths before templated ones (/v1/admin/games/import before /v1/admin/games/{id}), as the router matches them.
  const routes = Object.keys(document.paths)
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`), parameters: (template.match(/\{/g) ?? []).length }))
    .sort((a, b) => a.parameters - b.parameters);
  const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

  return {
    checked: 0,
    /** The validator of a named component (e.g. UrbanizationAction) of the document. */
    component(name: string) {
      const validate = ajv.getSchema(`${base}#/${pointer('components', 'schemas', name)}`);
      if (!validate) throw new Error(`no component ${name}`);
      return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`));
    },
    /** Throws a sentence naming the operation and what does not conform. */
    async check(method: string, url: string, response: Response): Promise<void> {
      const path = new URL(url).pathname;
      const route = routes.find((candidate) => candidate.pattern.test(path));
      if (!route) throw new Error(`${method} ${path}: not a documented path`);
      const operation = document.paths[route.template]![method.toLowerCase()];
      if (!operation) throw new Error(`${method} ${route.template}: not a documented operation`);
      const status = String(response.status);
      const documented = operation.responses[status];
      if (!documented) throw new Error(`${method} ${route.template}: status ${status} is not documented (${Object.keys(operation.responses).join(', ')})`);
      if (!documented.content) {
        if ((await response.clone().text()) !== '') throw new Error(`${method} ${route.template} ${status}: a body where none is documented`);
        return void this.checked++;
      }
      const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      if (!(mediaType in documented.content)) throw new Error(`${method} ${route.template} ${status}: media type ${mediaType}, documented ${Object.keys(documented.content).join(', ')}`);
      const body = mediaType.endsWith('json') ? await response.clone().json() : await response.clone().text();
      const validate = ajv.getSchema(`${base}#/${pointer('paths', route.template, method.toLowerCase(), 'responses', status, 'content', mediaType, 'schema')}`)!;
      if (!validate(body)) throw new Error(`${method} ${route.template} ${status}: body does not match the schema: ${ajv.errorsText(validate.errors)}`);
      this.checked++;
    },
  };
}
