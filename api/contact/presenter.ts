// Shapes contact submissions for the admin's Contact tab (contract/admin.ts).
import type { ContactSubmissionRow } from '../../sql/queries/content.ts';
import type { ContactSubmission } from '../../contract/admin.ts';

export const presentContactSubmission = (r: ContactSubmissionRow): ContactSubmission => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  isRead: r.isRead,
  createdAt: r.createdAt.toISOString(),
});
