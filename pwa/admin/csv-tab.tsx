// CSV tab: export everything as one CSV file, and import such a file back (upsert by slug, all or nothing).
import { Download, FileSpreadsheet, Loader2, Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { CSV_COLUMNS } from '../../contract/admin.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Label } from '../components/ui/input.tsx';
import { useExportCsv, useImportCsv } from '../data/admin/csv.ts';
import { toast } from '../lib/toast.ts';
import { RefreshSection } from './refresh-section.tsx';
import { SectionHeader } from './parts.tsx';

/** "12.34 KB" (the size in KB to two decimals). */
export const fileSizeKb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** The name must end in .csv, in any case. */
export const isCsvName = (name: string) => name.toLowerCase().endsWith('.csv');

export function CsvTab() {
  const exportCsv = useExportCsv();
  const importCsv = useImportCsv();
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function submitImport(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      toast({ title: 'No file selected', description: 'Please select a CSV file to import.', variant: 'destructive' });
      return;
    }
    if (!isCsvName(file.name)) {
      toast({ title: 'Invalid file type', description: 'Please select a CSV file.', variant: 'destructive' });
      return;
    }
    importCsv.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  }

  return (
    <section>
      <SectionHeader
        title="CSV Export and Import"
        description="Chains, providers (with their chains and editorial reviews), the about page and the homepage in one file."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Export</CardTitle>
            <p className="text-sm text-slate-600">
              Downloads everything as a CSV file you can edit in a spreadsheet and import again.
            </p>
          </CardHeader>
          <CardContent>
            <Button onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
              {exportCsv.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Download aria-hidden="true" />
              )}
              Export CSV
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Import</CardTitle>
            <p className="text-sm text-slate-600">
              Rows are matched by slug: existing ones are updated, new ones created. A file with an error changes
              nothing.
            </p>
          </CardHeader>
          <CardContent>
            <form onSubmit={submitImport} noValidate className="grid gap-3">
              <Label htmlFor="csv-file">CSV file</Label>
              <input
                ref={input}
                id="csv-file"
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-200"
              />
              {file && (
                <p className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
                  <FileSpreadsheet className="size-4 text-slate-500" aria-hidden="true" />
                  <span className="truncate font-medium">{file.name}</span>
                  <span className="shrink-0 text-slate-500">{fileSizeKb(file.size)}</span>
                </p>
              )}
              <Button type="submit" className="justify-self-start" disabled={importCsv.isPending}>
                {importCsv.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Upload aria-hidden="true" />
                )}
                Import CSV
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
      <details className="mt-6 text-sm text-slate-600">
        <summary className="cursor-pointer font-medium text-slate-800">Columns</summary>
        <p className="mt-2 font-mono text-xs break-words">{CSV_COLUMNS.join(', ')}</p>
      </details>
      <RefreshSection />
    </section>
  );
}
