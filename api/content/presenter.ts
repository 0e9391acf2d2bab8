// Shapes site-content rows into the API's content responses (contract/content.ts).
import { pickColumns } from '../../sql/columns.ts';
import {
  aboutColumns,
  categoryColumns,
  homepageColumns,
  type AboutRow,
  type AdRow,
  type CategoryRow,
  type HomepageRow,
  type PartnerLinkRow,
} from '../../sql/queries/content.ts';
import type { About, Ad, CategoryContent, Homepage, PartnerLink } from '../../contract/content.ts';
import type { AdminAd } from '../../contract/admin.ts';

export const presentHomepage = (r: HomepageRow): Homepage => pickColumns(r, homepageColumns);
export const presentAbout = (r: AboutRow): About => pickColumns(r, aboutColumns);
export const presentCategory = (r: CategoryRow): CategoryContent => pickColumns(r, categoryColumns);
export const presentPartnerLink = (r: PartnerLinkRow): PartnerLink => ({
  id: r.id,
  name: r.name,
  url: r.url,
  order: r.sortOrder,
});
export const presentAd = (r: AdRow): Ad => ({
  id: r.id,
  adCode: r.adCode,
  isActive: r.isActive,
  position: r.position as Ad['position'],
  frequency: r.frequency as Ad['frequency'],
});

export const presentAdminAd = (r: AdRow): AdminAd => ({
  id: r.id,
  name: r.name,
  position: r.position as AdminAd['position'],
  adCode: r.adCode,
  frequency: r.frequency as AdminAd['frequency'],
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
});
