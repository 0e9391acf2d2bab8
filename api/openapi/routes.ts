// GET /api/openapi.json: the OpenAPI document of the public reads (document.ts), this route included.
import { z } from 'zod';
import { createRouter, type AppRouter } from '../context.ts';
import { cached } from '../middleware/response-cache.ts';
import { answers, openApiDocument } from './document.ts';

const openApiSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({}),
  paths: z.record(z.string(), z.unknown()),
});

/** `documented`: the app's other routers, whose public reads the document describes. */
export function openApiRoutes(documented: AppRouter[]) {
  const router = createRouter('/api');

  router.get('/openapi.json', cached, answers(openApiSchema, 'This OpenAPI 3.1 document'), async (ctx) => {
    ctx.body = openApiDocument([...documented, router], ctx.config.publicUrl);
  });

  return router;
}
