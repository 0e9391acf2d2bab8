// A provider's outbound website link: through /r/{id} when cloaked, else the affiliate link
// or the website; rel always has noopener, plus nofollow (and sponsored for affiliate links) when asked.
import { paths } from './site.ts';

type LinkFields = {
  id: number;
  website: string | null;
  affiliateUrl: string | null;
  cloakedLinks: boolean;
  nofollowLinks: boolean;
};

export function providerWebsiteLink(p: LinkFields): { href: string; rel: string } | null {
  const target = p.affiliateUrl || p.website;
  if (!target) return null;
  const href = p.cloakedLinks ? paths.redirect(p.id) : target;
  const rel = [
    'noopener',
    'noreferrer',
    ...(p.nofollowLinks ? ['nofollow'] : []),
    ...(p.affiliateUrl ? ['sponsored'] : []),
  ];
  return { href, rel: rel.join(' ') };
}
