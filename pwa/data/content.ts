// Site-content API: homepage, about, category pages, partner links, ads, tracking settings.
import { queryOptions } from '@tanstack/react-query';
import {
  aboutSchema, adListSchema, categoryContentSchema, homepageSchema, partnerLinkListSchema, trackingSettingsSchema,
  type adPositions, type categoryNames,
} from '../../api/content/schema.ts';
import { getJson } from '../lib/api.ts';

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
  queryOptions({ queryKey: contentKeys.homepage(), queryFn: () => getJson('/api/homepage', homepageSchema) });

export const aboutQuery = () =>
  queryOptions({ queryKey: contentKeys.about(), queryFn: () => getJson('/api/about', aboutSchema) });

export const categoryQuery = (name: CategoryName) =>
  queryOptions({ queryKey: contentKeys.category(name), queryFn: () => getJson(`/api/category/${name}`, categoryContentSchema) });

export const partnerLinksQuery = () =>
  queryOptions({ queryKey: contentKeys.partnerLinks(), queryFn: () => getJson('/api/partner-links', partnerLinkListSchema) });

export const adsQuery = (position: AdPosition) =>
  queryOptions({ queryKey: contentKeys.ads(position), queryFn: () => getJson(`/api/ads/${position}`, adListSchema) });

/** Spec 001 §9: tracking settings are cached 5 minutes and not retried. */
export const trackingSettingsQuery = () =>
  queryOptions({
    queryKey: contentKeys.tracking(),
    queryFn: () => getJson('/api/tracking-settings', trackingSettingsSchema),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
