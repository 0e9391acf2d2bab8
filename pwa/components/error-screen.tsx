// A page that failed to load (its data could not be read): inside the site's frame, with a way back. Offline it is
// a page the device has no saved copy of yet, and says so rather than showing the browser's "Failed to fetch".
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { CloudOff } from 'lucide-react';
import { isNetworkError } from '../lib/api.ts';
import { Button } from './ui/button.tsx';

export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const unsaved = isNetworkError(error) || (typeof navigator !== 'undefined' && !navigator.onLine);
  return (
    <div role="alert" className="mx-auto w-full max-w-2xl px-4 py-16 text-center">
      {unsaved && <CloudOff className="mx-auto mb-4 size-10 text-slate-400" aria-hidden="true" />}
      <h1 className="text-xl font-semibold text-slate-900">
        {unsaved ? 'This page is not saved on this device' : 'This page could not be loaded'}
      </h1>
      <p className="mt-2 text-sm break-words text-slate-600">
        {unsaved
          ? 'It was not saved for offline use yet. It opens when you are back online; pages you have opened, and the rest of the directory once it is saved, work offline.'
          : error instanceof Error
            ? error.message
            : String(error)}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to="/">Back to the Hotlist</Link>
        </Button>
        <Button onClick={reset}>Try again</Button>
      </div>
    </div>
  );
}
