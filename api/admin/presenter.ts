// Shapes rows into the admin-only responses (contract/admin.ts); public shapes come from the public presenters.
import type { ProviderDetailRow } from '../../sql/queries/providers.ts';
import type { AdRow, ContactSubmissionRow } from '../../sql/queries/content.ts';
import type { AdminEditorialRow } from '../../sql/queries/editorial.ts';
import { presentProvider } from '../providers/presenter.ts';
import type { Provider } from '../../contract/providers.ts';
import type { AdminAd, AdminEditorialReview, ContactSubmission } from '../../contract/admin.ts';

/** A provider as the admin edits it: the public list shape plus its rich-text description. */
export const presentAdminProvider = (r: ProviderDetailRow): Provider & { detailedDescription: string } =>
  ({ ...presentProvider(r), detailedDescription: r.detailedDescription });

export const presentAdminEditorial = (r: AdminEditorialRow): AdminEditorialReview => ({
  id: r.id, providerId: r.providerId, providerName: r.providerName, rating: r.rating, content: r.content,
  createdAt: r.createdAt.toISOString(),
});

export const presentAdminAd = (r: AdRow): AdminAd => ({
  id: r.id, name: r.name, position: r.position as AdminAd['position'], adCode: r.adCode,
  frequency: r.frequency as AdminAd['frequency'], isActive: r.isActive, createdAt: r.createdAt.toISOString(),
});

export const presentContactSubmission = (r: ContactSubmissionRow): ContactSubmission => ({
  id: r.id, name: r.name, email: r.email, subject: r.subject, message: r.message, isRead: r.isRead,
  createdAt: r.createdAt.toISOString(),
});
