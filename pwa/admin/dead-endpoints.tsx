// Inside the Chains tab: the "dead endpoints" filter (down 7 days in a row, hidden from visitors) with one-click
// removal. Loaded only when opened.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEAD_AFTER_DAYS } from '../../contract/health-rule.ts';
import { Button } from '../components/ui/button.tsx';
import { deadEndpointsQuery, useDeleteEndpoint } from '../data/admin/endpoints.ts';
import { formatDay } from '../lib/dates.ts';

export function DeadEndpoints({ chainNames }: { chainNames: ReadonlyMap<number, string> }) {
  const [open, setOpen] = useState(false);
  const { data, isPending, isError } = useQuery(deadEndpointsQuery(open));
  const remove = useDeleteEndpoint();
  return (
    <div className="mb-6 rounded-lg border border-slate-200 p-4">
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" checked={open} onChange={() => setOpen((x) => !x)} />
        Dead endpoints only (down {DEAD_AFTER_DAYS} days in a row)
      </label>
      {open && (
        <div className="mt-3 text-sm">
          {isPending && <p className="text-slate-500">Loading…</p>}
          {isError && <p className="text-red-700">The dead endpoints could not be loaded.</p>}
          {data?.length === 0 && (
            <p className="text-slate-600">No endpoint has been down {DEAD_AFTER_DAYS} days in a row.</p>
          )}
          {data && data.length > 0 && (
            <ul className="divide-y divide-slate-100">
              {data.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <code className="min-w-0 flex-1 font-mono text-xs break-all">{e.url}</code>
                  <span className="text-slate-600">{chainNames.get(e.chainId) ?? `Chain ${e.chainId}`}</span>
                  {e.health.downSince && (
                    <span className="text-slate-500">down since {formatDay(e.health.downSince)}</span>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(e.id)}
                    aria-label={`Remove ${e.url}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
