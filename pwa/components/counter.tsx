import { Card } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** A labelled total above a listing (Total Providers, Blockchain Networks…); a placeholder until known. */
export function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    // Label at the top, number at the bottom: side by side, a label that wraps keeps the numbers level.
    <Card className="flex flex-col justify-between p-4 sm:p-5">
      <p className="text-sm text-slate-600">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-1 h-8 w-16" />
      ) : (
        <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
      )}
    </Card>
  );
}
