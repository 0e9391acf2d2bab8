// The admin panel's pure rules: error reporting (401 → sign-in after 500 ms), server messages, the upload
// checks, the chain form's values and what it sends, and the small formatting helpers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chainCreateSchema } from '../../contract/admin.ts';
import { answerError } from '../lib/api.ts';
import { getToasts } from '../lib/toast.ts';
import { adCodePreview } from './ads-tab.tsx';
import { chainFormValues, chainPayload, parentChainOptions, type ChainForm } from './chain-dialog.tsx';
import { fileSizeKb, isCsvName } from './csv-tab.tsx';
import { OPERATION_FAILED, reportAdminError, serverMessage, SESSION_EXPIRED } from './feedback.ts';
import { schemaResolver } from '../lib/schema-resolver.ts';
import { uploadProblem } from './image-uploader.tsx';

const MB = 1024 * 1024;

describe('reportAdminError', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a 401 shows the session toast and goes to sign-in (back to /admin) after 500 ms, not before', () => {
    reportAdminError(answerError(401, '{"message":"Sign in first"}'));
    expect(getToasts()[0]).toMatchObject({ title: 'Unauthorized', description: SESSION_EXPIRED });
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/api/auth/google?returnTo=%2Fadmin');
  });

  it('a client error shows the server reason; a server error or network failure the generic text', () => {
    reportAdminError(answerError(409, '{"message":"A chain with the slug \\"base\\" already exists"}'));
    expect(getToasts()[0]).toMatchObject({
      title: 'Error',
      description: 'A chain with the slug "base" already exists',
    });
    reportAdminError(answerError(500, '{"message":"Internal server error"}'));
    expect(getToasts()[0]).toMatchObject({ title: 'Error', description: OPERATION_FAILED });
    reportAdminError(new TypeError('Failed to fetch'));
    expect(getToasts()[0]).toMatchObject({ description: OPERATION_FAILED });
    vi.advanceTimersByTime(1000);
    expect(assign).not.toHaveBeenCalled();
  });

  it('takes the per-call texts (tracking, CSV, mark as read)', () => {
    reportAdminError(answerError(401, 'x'), { unauthorized: 'You are logged out. Logging in again...' });
    expect(getToasts()[0].description).toBe('You are logged out. Logging in again...');
    reportAdminError(answerError(400, '{"message":"Row 3: Slug is required"}'), {
      title: 'Import failed',
      fallback: 'Failed to import data. Please check your CSV format.',
    });
    expect(getToasts()[0]).toMatchObject({ title: 'Import failed', description: 'Row 3: Slug is required' });
    reportAdminError(answerError(404, '{"message":"Not found"}'), {
      fallback: 'Failed to mark as read',
      useServerMessage: false,
    });
    expect(getToasts()[0].description).toBe('Failed to mark as read');
  });
});

describe('serverMessage', () => {
  it('reads the message of a JSON error body, and nothing else', () => {
    expect(serverMessage(answerError(400, '{"message":"name: Name is required","issues":[]}'))).toBe(
      'name: Name is required',
    );
    expect(serverMessage(answerError(502, 'Bad Gateway'))).toBeUndefined();
    expect(serverMessage(answerError(400, '<html>proxy</html>'))).toBeUndefined();
    expect(serverMessage(new Error('400: {"message":"x"}'))).toBeUndefined();
  });
});

describe('uploadProblem (the server rules, checked first in the browser)', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it('logos and icons: JPG PNG GIF SVG WebP up to 5MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'image/webp']) {
      expect(uploadProblem(file('a', type), 'logos')).toBeUndefined();
    }
    expect(uploadProblem(file('a.bmp', 'image/bmp'), 'icons')).toBe(
      'Invalid file type - Please upload a JPG, PNG, GIF, SVG, or WebP image.',
    );
    expect(uploadProblem(file('a.png', 'image/png', 5 * MB + 1), 'logos')).toBe(
      'File too large - Please upload an image smaller than 5MB.',
    );
    expect(uploadProblem(file('a.png', 'image/png', 5 * MB), 'logos')).toBeUndefined();
  });
  it('general images: no WebP, up to 10MB', () => {
    expect(uploadProblem(file('a.webp', 'image/webp'), 'images')).toBe(
      'Invalid file type - Please upload a JPG, PNG, GIF, or SVG image.',
    );
    expect(uploadProblem(file('a.png', 'image/png', 8 * MB), 'images')).toBeUndefined();
    expect(uploadProblem(file('a.png', 'image/png', 10 * MB + 1), 'images')).toBe(
      'File too large - Please upload an image smaller than 10MB.',
    );
  });
  it('judges by the extension when the browser gives no type', () => {
    expect(uploadProblem(file('logo.SVG', ''), 'logos')).toBeUndefined();
    expect(uploadProblem(file('notes', ''), 'logos')).toMatch(/^Invalid file type/);
  });
});

describe('the chain form', () => {
  const form = chainFormValues();
  /** What the form's resolver answers on submit: the parsed input, or errors by field path. */
  const resolve = (values: ChainForm) => {
    const names = [...Object.keys(values), ...values.rpcEndpoints.map((_, i) => `rpcEndpoints.${i}.url`)];
    return schemaResolver(chainCreateSchema, chainPayload)(values, undefined, {
      fields: {},
      names,
      shouldUseNativeValidation: false,
    });
  };

  it("starts from the schema's defaults: every field, blank text, the default colour and status", () => {
    expect(form).toMatchObject({
      name: '',
      slug: '',
      color: '#3b82f6',
      status: 'active',
      isTestnet: false,
      explorers: [],
      metaTitle: '',
    });
    expect(Object.keys(form).sort()).toEqual(Object.keys(chainCreateSchema.shape).sort());
  });
  it('starts from a stored chain, numbers as text and endpoints by provider id', () => {
    // The fields the form reads; a stored chain has more.
    const stored = chainFormValues({
      name: 'Base',
      slug: 'base',
      evmChainId: 8453,
      parentChainId: 1,
      title: null,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcEndpoints: [{ url: 'https://rpc.example', tracking: 'none', needsApiKey: false, provider: { id: 7 } }],
    } as unknown as Parameters<typeof chainFormValues>[0]);
    expect(stored).toMatchObject({
      name: 'Base',
      title: '',
      evmChainId: '8453',
      parentChainId: '1',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: '18' },
      rpcEndpoints: [{ url: 'https://rpc.example', tracking: 'none', needsApiKey: false, providerId: '7' }],
    });
  });
  it('blank facts become null; the API schema accepts the result', () => {
    const payload = chainPayload({ ...form, name: 'Base', slug: 'base', explorers: [{ name: '', url: '' }] });
    expect(payload).toMatchObject({
      evmChainId: null,
      nativeCurrency: null,
      explorers: [],
      rpcEndpoints: [],
      parentChainId: null,
      status: 'active',
    });
    expect(chainCreateSchema.safeParse(payload).success).toBe(true);
  });
  it('the parent chain is sent as an id', () => {
    const payload = chainPayload({ ...form, name: 'Base', slug: 'base', parentChainId: '12', status: 'deprecated' });
    expect(payload).toMatchObject({ parentChainId: 12, status: 'deprecated' });
    expect(chainCreateSchema.safeParse(payload).success).toBe(true);
  });
  it('a currency is sent whole, and a bad number is refused by the schema instead of stored as 0', async () => {
    const currency = { name: 'Ether', symbol: 'ETH', decimals: '18' };
    const payload = chainPayload({ ...form, evmChainId: '8453', nativeCurrency: currency });
    expect(payload).toMatchObject({ evmChainId: 8453, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } });
    const bad = await resolve({
      ...form,
      name: 'Base',
      slug: 'base',
      evmChainId: 'abc',
      nativeCurrency: { ...currency, decimals: '' },
    });
    expect(Object.keys(bad.errors).sort()).toEqual(['evmChainId', 'nativeCurrency']);
    expect(Object.keys(bad.errors.nativeCurrency ?? {})).toEqual(['decimals']);
  });
  it('endpoints: blank rows dropped, the provider as an id or null; a repeated URL is refused', async () => {
    const row = { url: 'https://rpc.example', tracking: 'none' as const, needsApiKey: true, providerId: '7' };
    const payload = chainPayload({
      ...form,
      rpcEndpoints: [row, { ...row, url: ' ', providerId: '' }, { ...row, url: 'wss://ws.example', providerId: '' }],
    });
    expect(payload.rpcEndpoints).toEqual([
      { url: 'https://rpc.example', tracking: 'none', needsApiKey: true, providerId: 7 },
      { url: 'wss://ws.example', tracking: 'none', needsApiKey: true, providerId: null },
    ]);
    const twice = await resolve({ ...form, name: 'Base', slug: 'base', rpcEndpoints: [row, row] });
    expect(twice.errors.rpcEndpoints?.root?.message).toBe('An endpoint URL is listed twice');
  });

  it('validation errors are keyed by field path, including list items; a valid form resolves to the API input', async () => {
    const result = await resolve({
      ...form,
      name: '',
      metaTitle: 'x'.repeat(61),
      explorers: [{ name: 'Scan', url: 'javascript:alert(1)' }],
    });
    expect(result.errors.name?.message).toBe('Name is required');
    expect(result.errors.metaTitle?.message).toBe('SEO title must be at most 60 characters');
    expect(result.errors.explorers?.[0]?.url?.message).toBe('Explorer URL must be an http:// or https:// URL');
    const ok = await resolve({ ...form, name: ' Base ', slug: 'Base', metaTitle: '' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ name: 'Base', slug: 'base', metaTitle: null, evmChainId: null });
  });
});

describe('parentChainOptions', () => {
  // 1 ← 2 ← 3 (3's parent is 2, 2's parent is 1), and 4 on its own.
  const chains = [
    { id: 3, name: 'Cee', parentChainId: 2 },
    { id: 1, name: 'Ay', parentChainId: null },
    { id: 4, name: 'Dee', parentChainId: null },
    { id: 2, name: 'Bee', parentChainId: 1 },
  ];
  const labels = (selfId?: number) => parentChainOptions(chains, selfId).map((o) => o.label);
  it('offers "None" and every chain by name to a new chain', () => {
    expect(labels()).toEqual(['None', 'Ay', 'Bee', 'Cee', 'Dee']);
    expect(parentChainOptions(chains)[1]).toEqual({ value: '1', label: 'Ay' });
  });
  it('leaves out the chain itself and all its descendants', () => {
    expect(labels(1)).toEqual(['None', 'Dee']);
    expect(labels(2)).toEqual(['None', 'Ay', 'Dee']);
    expect(labels(3)).toEqual(['None', 'Ay', 'Bee', 'Dee']);
  });
});

describe('helpers', () => {
  it('the CSV file checks and size in KB to two decimals', () => {
    expect(isCsvName('export.CSV')).toBe(true);
    expect(isCsvName('export.csv.txt')).toBe(false);
    expect(fileSizeKb(12_636)).toBe('12.34 KB');
    expect(fileSizeKb(0)).toBe('0.00 KB');
  });
  it('ad code preview stops at 200 characters', () => {
    expect(adCodePreview('x'.repeat(200))).toBe('x'.repeat(200));
    expect(adCodePreview('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`);
  });
});
