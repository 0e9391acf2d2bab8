// The ten admin tabs, in order. Kept apart from the panel so the route's search
// schema can use the ids without pulling the panel into the main bundle.
export const ADMIN_TABS = [
  'chains',
  'providers',
  'editorial',
  'ads',
  'contact',
  'about',
  'homepage',
  'tracking',
  'partners',
  'csv',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  chains: 'Chains',
  providers: 'Providers',
  editorial: 'Editorial',
  ads: 'Ads',
  contact: 'Contact',
  about: 'About',
  homepage: 'Homepage',
  tracking: 'Tracking',
  partners: 'Partners',
  csv: 'CSV',
};
