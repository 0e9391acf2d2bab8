// Admin writes of site content: the about page, the homepage, the listing pages' content, tracking settings
// and the footer's partner links. Each invalidates the public content it changed.
import type {
  AboutInput,
  CategoryContentInput,
  HomepageInput,
  PartnerLinkInput,
  TrackingSettingsInput,
} from '../../../contract/admin.ts';
import { contentKeys, type CategoryName } from '../content.ts';
import { saveTo, sendJson, useAdminMutation } from './mutation.ts';

export function useUpdateAbout() {
  return useAdminMutation({
    mutationKey: ['admin', 'about'],
    mutationFn: (input: AboutInput) => sendJson('PUT', '/api/admin/about', input),
    invalidates: () => [contentKeys.about()],
    success: () => 'About page updated successfully',
  });
}

export function useUpdateHomepage() {
  return useAdminMutation({
    mutationKey: ['admin', 'homepage'],
    mutationFn: (input: HomepageInput) => sendJson('PUT', '/api/admin/homepage', input),
    invalidates: () => [contentKeys.homepage()],
    success: () => 'Homepage content updated successfully',
  });
}

const categoryLabel = (name: CategoryName) => name.charAt(0).toUpperCase() + name.slice(1);

export function useUpdateCategory(name: CategoryName) {
  return useAdminMutation({
    mutationKey: ['admin', 'category', name],
    mutationFn: (input: CategoryContentInput) => sendJson('PUT', `/api/admin/category/${name}`, input),
    invalidates: () => [contentKeys.category(name)],
    success: () => `${categoryLabel(name)} page content updated successfully`,
    failure: { fallback: 'Failed to update content' },
  });
}

export function useSaveTrackingSettings() {
  return useAdminMutation({
    mutationKey: ['admin', 'tracking'],
    mutationFn: (input: TrackingSettingsInput) => sendJson('POST', '/api/admin/tracking-settings', input),
    invalidates: () => [contentKeys.tracking()],
    success: () => 'Tracking settings updated successfully. Changes will be applied site-wide.',
    failure: {
      unauthorized: 'You are logged out. Logging in again...',
      fallback: 'Failed to update tracking settings. Please try again.',
    },
  });
}

export function useSavePartnerLink() {
  return useAdminMutation({
    mutationKey: ['admin', 'partner-links', 'save'],
    mutationFn: ({ id, input }: { id?: number; input: PartnerLinkInput }) =>
      saveTo('/api/admin/partner-links', id, input),
    invalidates: () => [contentKeys.partnerLinks()],
    success: ({ id }) => (id === undefined ? 'Partner link created successfully' : 'Partner link updated successfully'),
  });
}

export function useDeletePartnerLink() {
  return useAdminMutation({
    mutationKey: ['admin', 'partner-links', 'delete'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/partner-links/${id}`),
    invalidates: () => [contentKeys.partnerLinks()],
    success: () => 'Partner link deleted successfully',
  });
}
