// Site-content API: homepage, about, category pages, partner links, ads, tracking settings.
import { queryOptions } from '@tanstack/react-query';
import type { adPositions, categoryNames } from '../../contract/content.ts';
import { getParsed } from './parsed.ts';

export type AdPosition = (typeof adPositions)[number];
export type CategoryName = (typeof categoryNames)[number];

export const contentKeys = {
  homepage: () => ['/api/homepage'] as const,
  about: () => ['/api/about'] as const,
  category: (name: CategoryName) => ['/api/category', name] as const,
  partnerLinks: () => ['/api/partner-links'] as const,
  ads: (position: AdPosition) => ['/api/ads', position] as const,
  tracking: () => ['/api/tracking-settings'] as const,
};

export const homepageQuery = () =>
  queryOptions({ queryKey: contentKeys.homepage(), queryFn: () => getParsed('/api/homepage', (s) => s.homepageSchema) });

export const aboutQuery = () =>
  queryOptions({ queryKey: contentKeys.about(), queryFn: () => getParsed('/api/about', (s) => s.aboutSchema) });

export const categoryQuery = (name: CategoryName) =>
  queryOptions({ queryKey: contentKeys.category(name), queryFn: () => getParsed(`/api/category/${name}`, (s) => s.categoryContentSchema) });

export const partnerLinksQuery = () =>
  queryOptions({ queryKey: contentKeys.partnerLinks(), queryFn: () => getParsed('/api/partner-links', (s) => s.partnerLinkListSchema) });

export const adsQuery = (position: AdPosition) =>
  queryOptions({ queryKey: contentKeys.ads(position), queryFn: () => getParsed(`/api/ads/${position}`, (s) => s.adListSchema) });

/** Tracking settings are cached 5 minutes and not retried. */
export const trackingSettingsQuery = () =>
  queryOptions({
    queryKey: contentKeys.tracking(),
    queryFn: () => getParsed('/api/tracking-settings', (s) => s.trackingSettingsSchema),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
