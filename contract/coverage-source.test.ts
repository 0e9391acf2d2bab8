import { describe, expect, it } from 'vitest';
import { coverageSourceName, coverageSourceUrl } from './coverage-source.ts';

describe('coverage sources', () => {
  it('links a documentation file at its commit, an npm package at its version, and the editors to nothing', () => {
    const docs = 'MetaMask/metamask-docs@09e7c74c5b3beae377abc82d26ceb033270c0e6e:services/get-started/endpoints.md';
    expect(coverageSourceUrl(docs)).toBe(
      'https://github.com/MetaMask/metamask-docs/blob/09e7c74c5b3beae377abc82d26ceb033270c0e6e/services/get-started/endpoints.md',
    );
    expect(coverageSourceName(docs, 'Infura')).toBe("Infura's documentation");
    expect(coverageSourceUrl('GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference')).toBe(
      'https://github.com/GetBlock-io/getblock-docs/tree/2225e4c710cdeaadc8f66fd167ab436e2bd1a519/api-reference',
    );
    expect(coverageSourceUrl('@account-kit/infra@4.88.5')).toBe(
      'https://www.npmjs.com/package/@account-kit/infra/v/4.88.5',
    );
    expect(coverageSourceName('alchemy-sdk@3.6.5', 'Alchemy')).toBe('npm package alchemy-sdk@3.6.5');
    expect(coverageSourceUrl('admin')).toBeNull();
    expect(coverageSourceName('admin', 'Alchemy')).toBe('the editors');
  });
});
