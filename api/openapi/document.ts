// The OpenAPI 3.1 document of the public reads, generated from the routes themselves: a route cached as a public
// read declares its answer's zod schema with `answers(...)`, its input through `validate(...)`, and both become
// JSON Schema (zod's z.toJSONSchema, draft 2020-12: OpenAPI 3.1's dialect). No hand-written copy to drift.
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppRouter } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import type { Parts } from '../middleware/validate.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';
import { changeSchema } from '../../contract/health.ts';
import { DELIVERY_HEADER, SIGNATURE_HEADER } from '../../contract/webhooks.ts';

type Answer = { schema: z.ZodType; summary: string };
type JsonSchema = Record<string, unknown>;

/**
 * Route middleware that only declares what a public read answers (200) and what it is, for the OpenAPI document.
 * A cached route without it fails the document's build, hence its test.
 */
export function answers(schema: z.ZodType, summary: string): Middleware & { answer: Answer } {
  return Object.assign((_ctx: unknown, next: () => Promise<unknown>) => next(), { answer: { schema, summary } });
}

type Operation = { summary: string; answer: z.ZodType; security?: Record<string, string[]>[] };

/**
 * Route middleware that declares a route outside the public reads for the document (the probe agents' API, called
 * with a bearer token): what it is and answers; its input comes from its `validate(...)`.
 */
export function documents(operation: Operation): Middleware & { operation: Operation } {
  return Object.assign((_ctx: unknown, next: () => Promise<unknown>) => next(), { operation });
}

/** Error answers: `{ message, issues? }` (api/middleware/errors.ts). */
const errorSchema = z.object({ message: z.string(), issues: z.array(z.unknown()).optional() });

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  // `$schema` would repeat the document's own dialect (jsonSchemaDialect) in every schema.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};

/** OpenAPI parameters from an object schema of path parameters or query keys. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

type Layer = AppRouter['stack'][number];
const answerOf = (layer: Layer) => layer.stack.map((fn) => (fn as Partial<{ answer: Answer }>).answer).find(Boolean);
const operationOf = (layer: Layer) =>
  layer.stack.map((fn) => (fn as Partial<{ operation: Operation }>).operation).find(Boolean);
const inputOf = (layer: Layer): Parts =>
  layer.stack.map((fn) => (fn as Partial<{ parts: Parts }>).parts).find(Boolean) ?? {};

/** A public read: a GET route whose answer is cached (the same for every visitor, readable cross-origin). */
export const isPublicRead = (layer: Layer) => layer.methods.includes('GET') && layer.stack.includes(cached);

/** `/api/chains/:slug` → `/api/chains/{slug}`, without a trailing slash. */
export const openApiPath = (layer: Layer) =>
  String(layer.path)
    .replace(/:(\w+)/g, '{$1}')
    .replace(/(.)\/$/, '$1');

export function openApiDocument(routers: AppRouter[], publicUrl: string) {
  const paths: Record<string, unknown> = {};
  for (const layer of routers.flatMap((router) => router.stack).filter(isPublicRead)) {
    const answer = answerOf(layer);
    if (!answer) throw new Error(`GET ${layer.path} is a public read without answers(schema, summary)`);
    const input = inputOf(layer);
    paths[openApiPath(layer)] = {
      get: {
        summary: answer.summary,
        parameters: [...parameters(input.params, 'path'), ...parameters(input.query, 'query')],
        responses: {
          200: { description: answer.summary, content: json(jsonSchema(answer.schema, 'output')) },
          default: { description: 'An error', content: json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    };
  }
  for (const layer of routers.flatMap((router) => router.stack)) {
    const operation = operationOf(layer);
    if (!operation) continue;
    const input = inputOf(layer);
    const method = layer.methods.find((m) => m !== 'HEAD')!.toLowerCase();
    paths[openApiPath(layer)] = {
      [method]: {
        summary: operation.summary,
        ...(operation.security && { security: operation.security }),
        parameters: [...parameters(input.params, 'path'), ...parameters(input.query, 'query')],
        ...(input.body && { requestBody: { required: true, content: json(jsonSchema(input.body, 'input')) } }),
        responses: {
          200: { description: operation.summary, content: json(jsonSchema(operation.answer, 'output')) },
          default: { description: 'An error', content: json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1',
      description:
        'The public reads of the directory: every chain, provider, review and page text. Answers are ' +
        'readable from any origin (no credentials); they change only when the directory does (ETag, 304). ' +
        'Besides them, the API probe agents call with their token.',
    },
    servers: [{ url: publicUrl }],
    paths,
    webhooks: {
      endpointChange: {
        post: {
          summary: 'One entry of the change log, POSTed to each webhook an admin registered',
          description:
            'The body is one item of GET /api/changes. Retried with backoff until the receiver answers 2xx; the ' +
            'same delivery id on every attempt.',
          parameters: [
            {
              name: SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description: "`sha256=` and the hex HMAC-SHA256 of the exact body with the webhook's secret",
              schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
            },
            {
              name: DELIVERY_HEADER,
              in: 'header',
              required: true,
              description: 'The delivery: the same on a retry, so a receiver can drop a repeat',
              schema: { type: 'string' },
            },
          ],
          requestBody: { required: true, content: json(jsonSchema(changeSchema, 'output')) },
          responses: { '2XX': { description: 'Received; any other answer (or none in 10 s) is retried' } },
        },
      },
    },
    components: {
      schemas: { Error: jsonSchema(errorSchema, 'output') },
      securitySchemes: {
        agentToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A probe agent token, made by an admin for a region (POST /api/admin/probe-agents)',
        },
      },
    },
  };
}
