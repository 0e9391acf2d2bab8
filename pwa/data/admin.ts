// Admin API (spec 001 §7): key factory (keys double as request paths), admin-only queries (fetched only
// when the user is an admin: `enabled`), and one mutation hook per write. Every mutation reports its
// outcome with the panel's shared toasts and invalidates only the data it changed.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  adminAdListSchema, adminAdSchema, adminEditorialReviewListSchema, adminProviderSchema, contactSubmissionListSchema,
  csvImportResponseSchema, editorialReviewSavedSchema, uploadResponseSchema,
  type AboutInput, type AdCreateInput, type AdUpdateInput, type ChainCreateInput, type ChainUpdateInput, type CategoryContentInput,
  type EditorialReviewInput, type HomepageInput, type PartnerLinkInput, type ProviderCreateInput, type ProviderUpdateInput,
  type TrackingSettingsInput, type UploadFolder,
} from '../../contract/admin.ts';
import { outboundClicksSchema } from '../../contract/outbound.ts';
import { pendingReviewListSchema, reviewModeratedSchema, type PendingReview } from '../../contract/reviews.ts';
import { reportAdminError, reportSuccess, type FailureTexts } from '../admin/feedback.ts';
import { apiRequest, getJson, throwIfNotOk } from '../lib/api.ts';
import { chainKeys } from './chains.ts';
import { fetchPage } from './paged.ts';
import { contentKeys, type CategoryName } from './content.ts';
import { providerKeys } from './providers.ts';

export const adminKeys = {
  all: ['/api/admin'] as const,
  editorialReviews: () => [...adminKeys.all, 'editorial-reviews'] as const,
  pendingReviews: () => [...adminKeys.all, 'reviews', 'pending'] as const,
  ads: () => [...adminKeys.all, 'ads'] as const,
  contactSubmissions: () => [...adminKeys.all, 'contact-submissions'] as const,
  outboundClicks: () => [...adminKeys.all, 'outbound-clicks'] as const,
  provider: (id: number) => [...adminKeys.all, 'providers', id] as const,
};
/** Public ads of every position (the admin's ad writes change what they serve). */
const publicAdsKey = ['/api/ads'] as const;

// ---------- queries (admin only) ----------

export const editorialReviewsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.editorialReviews(),
    queryFn: () => getJson('/api/admin/editorial-reviews', adminEditorialReviewListSchema),
    enabled,
  });

/** Pending reviews per page of the moderation queue (oldest first); more are read with "Load more". */
export const PENDING_PAGE_SIZE = 50;

export type PendingReviewPage = { reviews: PendingReview[]; next: string | null };

/**
 * The moderation queue a page at a time (`?limit&after`, Link rel="next"): at 70,000 pending reviews the
 * whole list is megabytes. After a moderation the loaded pages are read again from the first.
 */
export const pendingReviewsQuery = (enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: adminKeys.pendingReviews(),
    queryFn: async ({ pageParam }): Promise<PendingReviewPage> => {
      const { items, next } = await fetchPage(pageParam);
      return { reviews: pendingReviewListSchema.parse(items), next };
    },
    initialPageParam: `/api/admin/reviews/pending?limit=${PENDING_PAGE_SIZE}`,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });

export const adminAdsQuery = (enabled: boolean) =>
  queryOptions({ queryKey: adminKeys.ads(), queryFn: () => getJson('/api/admin/ads', adminAdListSchema), enabled });

export const contactSubmissionsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.contactSubmissions(),
    queryFn: () => getJson('/api/admin/contact-submissions', contactSubmissionListSchema),
    enabled,
  });

export const outboundClicksQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.outboundClicks(),
    queryFn: () => getJson('/api/admin/outbound-clicks', outboundClicksSchema),
    enabled,
  });

/** A provider as the edit dialog needs it (the list lacks the rich-text description). */
export const adminProviderQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: adminKeys.provider(id ?? 0),
    queryFn: () => getJson(`/api/admin/providers/${id}`, adminProviderSchema),
    enabled: id !== undefined,
    // Always the stored version when a dialog opens, not the one cached by an earlier edit.
    staleTime: 0,
  });

// ---------- mutations ----------

type AdminMutation<TVars, TResult> = {
  mutationKey: QueryKey;
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The cached data this write changed. */
  invalidates: (vars: TVars, result: TResult) => readonly QueryKey[];
  /** Success toast: a description under the title 'Success', or both; none when it returns undefined. */
  success?: (vars: TVars, result: TResult) => string | { title: string; description: string } | undefined;
  failure?: FailureTexts;
};

function useAdminMutation<TVars, TResult>({ mutationKey, mutationFn, invalidates, success, failure }: AdminMutation<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: async (result, vars) => {
      const text = success?.(vars, result);
      if (typeof text === 'string') reportSuccess(text);
      else if (text) reportSuccess(text.description, text.title);
      await Promise.all(invalidates(vars, result).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => reportAdminError(error, failure),
  });
}

const json = async (res: Response): Promise<unknown> => res.json();

export function useSaveChain() {
  return useAdminMutation({
    mutationKey: ['admin', 'chains', 'save'],
    mutationFn: async ({ id, input }: { id?: number; input: ChainCreateInput | ChainUpdateInput }) =>
      json(await apiRequest(id === undefined ? 'POST' : 'PUT', id === undefined ? '/api/admin/chains' : `/api/admin/chains/${id}`, input)),
    // Chain names and colours show on provider pages too.
    invalidates: () => [chainKeys.all, providerKeys.all],
    success: ({ id }) => (id === undefined ? 'Chain created successfully' : 'Chain updated successfully'),
  });
}

export function useDeleteChain() {
  return useAdminMutation({
    mutationKey: ['admin', 'chains', 'delete'],
    mutationFn: async (id: number) => json(await apiRequest('DELETE', `/api/admin/chains/${id}`)),
    invalidates: () => [chainKeys.all, providerKeys.all],
    success: () => 'Chain deleted successfully',
  });
}

export type ProviderSave = { id?: number; input: ProviderCreateInput | ProviderUpdateInput; chainIds: number[] };

export function useSaveProvider() {
  return useAdminMutation({
    mutationKey: ['admin', 'providers', 'save'],
    // Spec 001 §7: the provider first, then its chain links (one POST per chain when new, one PUT when edited).
    mutationFn: async ({ id, input, chainIds }: ProviderSave) => {
      if (id === undefined) {
        const provider = adminProviderSchema.parse(await json(await apiRequest('POST', '/api/admin/providers', input)));
        await Promise.all(chainIds.map((chainId) => apiRequest('POST', `/api/admin/providers/${provider.id}/chains/${chainId}`)));
        return provider;
      }
      const provider = adminProviderSchema.parse(await json(await apiRequest('PUT', `/api/admin/providers/${id}`, input)));
      await apiRequest('PUT', `/api/admin/providers/${id}/chains`, { chainIds });
      return provider;
    },
    // Provider counts per chain change with the links.
    invalidates: (_vars, provider) => [providerKeys.all, chainKeys.all, adminKeys.provider(provider.id)],
    success: ({ id }) => (id === undefined ? 'Provider created successfully' : 'Provider updated successfully'),
  });
}

export function useDeleteProvider() {
  return useAdminMutation({
    mutationKey: ['admin', 'providers', 'delete'],
    mutationFn: async (id: number) => json(await apiRequest('DELETE', `/api/admin/providers/${id}`)),
    invalidates: () => [providerKeys.all, chainKeys.all, adminKeys.editorialReviews(), adminKeys.pendingReviews()],
    success: () => 'Provider deleted successfully',
  });
}

export function useSaveEditorialReview() {
  return useAdminMutation({
    mutationKey: ['admin', 'editorial', 'save'],
    mutationFn: async ({ providerId, input }: { providerId: number; input: EditorialReviewInput }) =>
      editorialReviewSavedSchema.parse(await json(await apiRequest('POST', `/api/admin/providers/${providerId}/editorial-review`, input))),
    invalidates: () => [adminKeys.editorialReviews(), providerKeys.all],
    success: () => 'Editorial review created successfully',
  });
}

export function useModerateReview() {
  return useAdminMutation({
    mutationKey: ['admin', 'reviews', 'moderate'],
    mutationFn: async ({ id, action }: { id: number; action: 'approve' | 'reject' }) =>
      reviewModeratedSchema.parse(await json(await apiRequest('PUT', `/api/admin/reviews/${id}/${action}`))),
    // Approval changes the provider's public rating (spec 001 §4); a pending review never counted, so rejecting it changes none.
    invalidates: ({ action }) => (action === 'approve' ? [adminKeys.pendingReviews(), providerKeys.all, chainKeys.withStats()] : [adminKeys.pendingReviews()]),
    success: ({ action }) => (action === 'approve' ? 'Review approved successfully' : 'Review rejected successfully'),
  });
}

export function useSaveAd() {
  return useAdminMutation({
    mutationKey: ['admin', 'ads', 'save'],
    mutationFn: async ({ id, input }: { id?: number; input: AdCreateInput | AdUpdateInput }) =>
      adminAdSchema.parse(await json(await apiRequest(id === undefined ? 'POST' : 'PUT', id === undefined ? '/api/admin/ads' : `/api/admin/ads/${id}`, input))),
    invalidates: () => [adminKeys.ads(), publicAdsKey],
    success: ({ id }) => (id === undefined ? 'Ad placement created successfully' : 'Ad placement updated successfully'),
  });
}

export function useDeleteAd() {
  return useAdminMutation({
    mutationKey: ['admin', 'ads', 'delete'],
    mutationFn: async (id: number) => json(await apiRequest('DELETE', `/api/admin/ads/${id}`)),
    invalidates: () => [adminKeys.ads(), publicAdsKey],
    success: () => 'Ad placement deleted successfully',
  });
}

export function useMarkContactRead() {
  return useAdminMutation({
    mutationKey: ['admin', 'contact', 'read'],
    mutationFn: async (id: number) => json(await apiRequest('PATCH', `/api/admin/contact-submissions/${id}/read`)),
    invalidates: () => [adminKeys.contactSubmissions()],
    success: () => 'Marked as read',
    failure: { fallback: 'Failed to mark as read', useServerMessage: false },
  });
}

export function useDeleteContactSubmission() {
  return useAdminMutation({
    mutationKey: ['admin', 'contact', 'delete'],
    mutationFn: async (id: number) => json(await apiRequest('DELETE', `/api/admin/contact-submissions/${id}`)),
    invalidates: () => [adminKeys.contactSubmissions()],
    success: () => 'Contact message deleted',
  });
}

export function useUpdateAbout() {
  return useAdminMutation({
    mutationKey: ['admin', 'about'],
    mutationFn: async (input: AboutInput) => json(await apiRequest('PUT', '/api/admin/about', input)),
    invalidates: () => [contentKeys.about()],
    success: () => 'About page updated successfully',
  });
}

export function useUpdateHomepage() {
  return useAdminMutation({
    mutationKey: ['admin', 'homepage'],
    mutationFn: async (input: HomepageInput) => json(await apiRequest('PUT', '/api/admin/homepage', input)),
    invalidates: () => [contentKeys.homepage()],
    success: () => 'Homepage content updated successfully',
  });
}

const categoryLabel = (name: CategoryName) => name.charAt(0).toUpperCase() + name.slice(1);

export function useUpdateCategory(name: CategoryName) {
  return useAdminMutation({
    mutationKey: ['admin', 'category', name],
    mutationFn: async (input: CategoryContentInput) => json(await apiRequest('PUT', `/api/admin/category/${name}`, input)),
    invalidates: () => [contentKeys.category(name)],
    success: () => `${categoryLabel(name)} page content updated successfully`,
    failure: { fallback: 'Failed to update content' },
  });
}

export function useSaveTrackingSettings() {
  return useAdminMutation({
    mutationKey: ['admin', 'tracking'],
    mutationFn: async (input: TrackingSettingsInput) => json(await apiRequest('POST', '/api/admin/tracking-settings', input)),
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
    mutationFn: async ({ id, input }: { id?: number; input: PartnerLinkInput }) =>
      json(await apiRequest(id === undefined ? 'POST' : 'PUT', id === undefined ? '/api/admin/partner-links' : `/api/admin/partner-links/${id}`, input)),
    invalidates: () => [contentKeys.partnerLinks()],
    success: ({ id }) => (id === undefined ? 'Partner link created successfully' : 'Partner link updated successfully'),
  });
}

export function useDeletePartnerLink() {
  return useAdminMutation({
    mutationKey: ['admin', 'partner-links', 'delete'],
    mutationFn: async (id: number) => json(await apiRequest('DELETE', `/api/admin/partner-links/${id}`)),
    invalidates: () => [contentKeys.partnerLinks()],
    success: () => 'Partner link deleted successfully',
  });
}

// ---------- files ----------

/** GET /api/admin/export/csv as a file to save, named as the server names it. */
async function fetchCsvExport(): Promise<{ blob: Blob; filename: string }> {
  const res = await fetch('/api/admin/export/csv', { credentials: 'include', headers: { Accept: 'text/csv' } });
  await throwIfNotOk(res);
  const filename = /filename="?([^";]+)"?/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.csv';
  return { blob: await res.blob(), filename };
}

export function useExportCsv() {
  return useAdminMutation({
    mutationKey: ['admin', 'csv', 'export'],
    mutationFn: async () => {
      const { blob, filename } = await fetchCsvExport();
      const url = URL.createObjectURL(blob);
      const a = Object.assign(document.createElement('a'), { href: url, download: filename });
      document.body.append(a);
      a.click();
      a.remove();
      // The download has started from the object URL; release it once the click has been handled.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return filename;
    },
    invalidates: () => [],
    success: () => ({ title: 'Export successful', description: 'CSV file has been downloaded successfully.' }),
    failure: { title: 'Export failed', fallback: 'Failed to export data. Please try again.', useServerMessage: false },
  });
}

export function useImportCsv() {
  return useAdminMutation({
    mutationKey: ['admin', 'csv', 'import'],
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('csvFile', file);
      const res = await fetch('/api/admin/import/csv', { method: 'POST', credentials: 'include', body });
      await throwIfNotOk(res);
      return csvImportResponseSchema.parse(await res.json());
    },
    // An import may touch chains, providers (with chain links and editorial reviews), the about page and the homepage.
    invalidates: () => [chainKeys.all, providerKeys.all, adminKeys.editorialReviews(), contentKeys.about(), contentKeys.homepage()],
    success: (_file, { imported }) => ({
      title: 'Import successful', description: `Imported: ${imported.chains} chains, ${imported.providers} providers`,
    }),
    failure: { title: 'Import failed', fallback: 'Failed to import data. Please check your CSV format.' },
  });
}

/** POST /api/objects/upload: the stored image's URL ("/objects/{id}"). */
export async function uploadImage(file: File, folder: UploadFolder): Promise<string> {
  const body = new FormData();
  body.append('folder', folder); // before the file, so a too-large error can name this folder's limit
  body.append('file', file);
  const res = await fetch('/api/objects/upload', { method: 'POST', credentials: 'include', body });
  await throwIfNotOk(res);
  return uploadResponseSchema.parse(await res.json()).uploadURL;
}
