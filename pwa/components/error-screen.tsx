import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button } from './ui/button.tsx';

/** A route failed to load (network or server error): say so, offer a retry. */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  return (
    <div role="alert" className="mx-auto w-full max-w-2xl px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-slate-900">This page could not be loaded</h1>
      <p className="mt-2 text-sm break-words text-slate-600">
        {error instanceof Error ? error.message : String(error)}
      </p>
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
