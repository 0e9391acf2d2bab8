import { describe, expect, it } from 'vitest';
import { ApiError, isNotFoundError, isUnauthorizedError, throwIfNotOk } from './api.ts';

describe('throwIfNotOk', () => {
  it('passes 2xx responses', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });
  it('uses "{status}: {body}"', async () => {
    const err = await throwIfNotOk(new Response('{"message":"Unauthorized"}', { status: 401, statusText: 'Unauthorized' })).catch((e) => e);
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
