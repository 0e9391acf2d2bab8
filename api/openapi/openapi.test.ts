// The OpenAPI document: valid OpenAPI 3.1, every public read of the route table in it, and every public read's real
// answer valid against the schema the document gives it.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { apiRouters } from '../app.ts';
import { isPublicRead, openApiPath } from './document.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

type Operation = {
  parameters: { name: string; in: string }[];
  responses: { 200: { content: { 'application/json': { schema: object } } } };
};
type Document = { openapi: string; paths: Record<string, { get: Operation }> };

const document = async () => (await t.get('/api/openapi.json')).body as Document;

/** A real value for each path parameter of the routes, so that the call answers 200 with data. */
const SAMPLE_PARAMS: Record<string, string> = {
  slug: 'base',
  chainId: '1',
  category: 'chains',
  position: 'header',
  id: '1',
};
const SAMPLE_PATHS: Record<string, string> = {
  '/api/providers/{slug}': 'publicnode',
  '/api/providers/{slug}/reviews': 'publicnode',
};
const SAMPLE_QUERY: Record<string, string> = { '/api/search': '?q=base' };

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every public read of the route table and the probe agents’ API, and nothing else', async () => {
    const publicReads = apiRouters()
      .flatMap((r) => r.stack)
      .filter(isPublicRead)
      .map(openApiPath)
      .sort();
    expect(publicReads.length).toBeGreaterThan(15);
    const agentApi = ['/api/agent/jobs', '/api/agent/results'];
    expect(Object.keys((await document()).paths).sort()).toEqual([...publicReads, ...agentApi].sort());
    expect(publicReads.filter((p) => /admin|auth|mine|votes/.test(p))).toEqual([]);
  });

  it('gives the agent API its bearer token, its request body and its answer', async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    expect(doc.components.securitySchemes.agentToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const results = doc.paths['/api/agent/results'].post;
    expect(results.security).toEqual([{ agentToken: [] }]);
    expect(results.requestBody.content['application/json'].schema.required).toEqual(['results']);
    expect(Object.keys(results.responses[200].content['application/json'].schema.properties)).toEqual([
      'recorded',
      'ignored',
    ]);
  });

  it("each public read's real answer validates against its schema in the document", async () => {
    const doc = await document();
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    // zod names its startsWith() check as a format beside the pattern that checks it: an annotation here.
    ajv.addFormat('starts_with', true);
    for (const [path, { get }] of Object.entries(doc.paths)) {
      if (!get) continue;
      const url =
        path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PATHS[path] ?? SAMPLE_PARAMS[name]) +
        (SAMPLE_QUERY[path] ?? '');
      const res = await t.get(url);
      expect([url, res.status]).toEqual([url, 200]);
      const validate = ajv.compile(get.responses[200].content['application/json'].schema);
      expect([url, validate(res.body) ? [] : validate.errors]).toEqual([url, []]);
    }
  });

  it('declares path and query parameters from the routes’ input schemas', async () => {
    const { paths } = await document();
    expect(paths['/api/chains/{slug}/snippets'].get.parameters).toEqual([
      expect.objectContaining({ name: 'slug', in: 'path', required: true }),
      expect.objectContaining({ name: 'endpoint', in: 'query', required: false }),
      expect.objectContaining({ name: 'provider', in: 'query', required: false }),
    ]);
    expect(paths['/api/search'].get.parameters).toEqual([expect.objectContaining({ name: 'q', in: 'query' })]);
    // The big lists' paging keys (api/lib/paging.ts), optional: without them a list answers whole.
    for (const path of ['/api/providers', '/api/providers/by-chain/{chainId}', '/api/chains/with-stats']) {
      expect(paths[path].get.parameters, path).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'limit', in: 'query', required: false }),
          expect.objectContaining({ name: 'after', in: 'query', required: false }),
        ]),
      );
    }
  });
});
