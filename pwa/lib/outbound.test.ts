import { describe, expect, it } from 'vitest';
import { providerWebsiteLink } from './outbound.ts';

const base = {
  id: 7,
  website: 'https://site.example',
  affiliateUrl: null as string | null,
  cloakedLinks: false,
  nofollowLinks: false,
};

describe('providerWebsiteLink', () => {
  it('links the website with noopener', () => {
    expect(providerWebsiteLink(base)).toEqual({ href: 'https://site.example', rel: 'noopener noreferrer' });
  });
  it('prefers the affiliate link and marks it sponsored', () => {
    expect(providerWebsiteLink({ ...base, affiliateUrl: 'https://aff.example/x' })).toEqual({
      href: 'https://aff.example/x',
      rel: 'noopener noreferrer sponsored',
    });
  });
  it('goes through /r/{id} when cloaked, nofollow when set', () => {
    expect(providerWebsiteLink({ ...base, cloakedLinks: true, nofollowLinks: true })).toEqual({
      href: '/r/7',
      rel: 'noopener noreferrer nofollow',
    });
  });
  it('is absent without any target', () => {
    expect(providerWebsiteLink({ ...base, website: null })).toBeNull();
  });
});
