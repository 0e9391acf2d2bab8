import { describe, expect, it } from 'vitest';
import { apiRequest, ApiError, isNotFoundError, isUnauthorizedError, setApiFetch, throwIfNotOk } from './api.ts';

describe('throwIfNotOk', () => {
  it('passes 2xx responses', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });
  it('uses "{status}: {body}"', async () => {
    const err = await throwIfNotOk(
      new Response('{"message":"Unauthorized"}', { status: 401, statusText: 'Unauthorized' }),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('401: {"message":"Unauthorized"}');
    expect(err.status).toBe(401);
    expect(isUnauthorizedError(err)).toBe(true);
  });
  it('falls back to the status text for an empty body', async () => {
    const err = await throwIfNotOk(new Response('', { status: 404, statusText: 'Not Found' })).catch((e) => e);
    expect(err.message).toBe('404: Not Found');
    expect(isNotFoundError(err)).toBe(true);
    expect(isUnauthorizedError(err)).toBe(false);
  });
});

describe('apiRequest', () => {
  const calls: RequestInit[] = [];
  const ok = () => new Response('{}', { status: 200 });
  it('sends JSON bodies as JSON, FormData as multipart, and the accept it is given', async () => {
    setApiFetch(async (_path, init) => {
      calls.push(init ?? {});
      return ok();
    });
    await apiRequest('POST', '/api/x', { a: 1 });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await apiRequest('POST', '/api/x', form);
    await apiRequest('GET', '/api/x', undefined, 'text/csv');
    expect(calls[0]).toMatchObject({
      body: '{"a":1}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
    expect(calls[1].body).toBe(form);
    expect(calls[1].headers).toEqual({ Accept: 'application/json' });
    expect(calls[2]).toMatchObject({ body: undefined, headers: { Accept: 'text/csv' } });
    setApiFetch((input, init) => fetch(input, init));
  });
});
