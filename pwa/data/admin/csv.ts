// The CSV export (a file download) and import (a file upload) of the whole directory.
import { csvImportResponseSchema } from '../../../contract/admin.ts';
import { apiRequest } from '../../lib/api.ts';
import { chainKeys } from '../chains.ts';
import { contentKeys } from '../content.ts';
import { providerKeys } from '../providers.ts';
import { useAdminMutation } from './mutation.ts';
import { reviewKeys } from './reviews.ts';

/** GET /api/admin/export/csv as a file to save, named as the server names it. */
async function fetchCsvExport(): Promise<{ blob: Blob; filename: string }> {
  const res = await apiRequest('GET', '/api/admin/export/csv', undefined, 'text/csv');
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
      return csvImportResponseSchema.parse(await (await apiRequest('POST', '/api/admin/import/csv', body)).json());
    },
    // An import may touch chains, providers (with chain links and editorial reviews), the about page and the homepage.
    invalidates: () => [
      chainKeys.all,
      providerKeys.all,
      reviewKeys.editorial(),
      contentKeys.about(),
      contentKeys.homepage(),
    ],
    success: (_file, { imported }) => ({
      title: 'Import successful',
      description: `Imported: ${imported.chains} chains, ${imported.providers} providers`,
    }),
    failure: { title: 'Import failed', fallback: 'Failed to import data. Please check your CSV format.' },
  });
}
