import { Link } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

/** The fallback for unknown paths. */
export function NotFoundScreen() {
  return (
    <div className="mx-auto flex w-full max-w-7xl items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md p-8">
        <div className="flex items-start gap-2">
          <AlertCircle className="size-8 shrink-0 text-red-500" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">Back to the Hotlist</Link>
        </Button>
      </Card>
    </div>
  );
}

/** A resource-level not-found (unknown provider or chain slug) with a way back. */
export function ResourceNotFound({
  title,
  message,
  back,
}: {
  title: string;
  message: string;
  back: { to: '/providers' | '/chains'; label: string };
}) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </div>
  );
}
