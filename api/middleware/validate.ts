// Route middleware that parses a request's path parameters, query and body with their zod schemas and puts the
// parsed values on `ctx.valid`, typed for the handlers after it; a failure becomes 400 "field: message" (errors.ts).
import type { RouterMiddleware } from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.ts';

export type Parts = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type Parsed<P extends Parts> = { [K in keyof P]: P[K] extends z.ZodType ? z.output<P[K]> : never };

/**
 * The middleware carries its `parts`, from which the OpenAPI document describes the route's input (api/openapi), and
 * `queryNames`, the query parameters the route reads (the response cache keys its answers by them).
 */
export function validate<P extends Parts>(
  parts: P,
): RouterMiddleware<AppState, AppContext & { valid: Parsed<P> }> & { parts: P; queryNames: string[] } {
  const validated: RouterMiddleware<AppState, AppContext & { valid: Parsed<P> }> = async (ctx, next) => {
    const sent = { params: ctx.params, query: ctx.query, body: ctx.request.body };
    const valid: Partial<Record<keyof Parts, unknown>> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = parts[part];
      if (schema) valid[part] = schema.parse(sent[part]);
    }
    // Each part was parsed with the schema its type names.
    ctx.valid = valid as Parsed<P>;
    await next();
  };
  const queryNames = parts.query ? Object.keys(inputProperties(parts.query)) : [];
  return Object.assign(validated, { parts, queryNames });
}

/** The properties of an object schema's input (what a request sends), whatever transforms follow it. */
function inputProperties(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return json.properties ?? {};
}
