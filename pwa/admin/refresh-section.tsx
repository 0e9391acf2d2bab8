// "Refresh from upstream" in the CSV tab: a snapshot of the upstream lists (a file or a URL) previewed as a diff
// grouped by kind and chain; the admin accepts or rejects each item or group and applies the accepted ones.
// Items that conflict with an admin's hand edit start rejected and show both values.
import { CloudDownload, Loader2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { summaryLine, type FieldChange, type RefreshDiff, type RefreshItem } from '../../contract/refresh.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Input, Label } from '../components/ui/input.tsx';
import { useApplyRefresh, usePreviewRefresh } from '../data/admin/refresh.ts';

const GROUPS: { kind: RefreshItem['kind']; title: string }[] = [
  { kind: 'chain-added', title: 'New chains' },
  { kind: 'chain-changed', title: 'Changed chains' },
  { kind: 'endpoint-added', title: 'New endpoints' },
  { kind: 'endpoint-changed', title: 'Changed endpoints' },
  { kind: 'endpoint-removed', title: 'Removed endpoints' },
];

const isConflict = (item: RefreshItem) => item.kind !== 'chain-added' && item.conflict;
const shown = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

export function RefreshSection() {
  const preview = usePreviewRefresh();
  const apply = useApplyRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [diff, setDiff] = useState<RefreshDiff | null>(null);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());

  function submitPreview(e: FormEvent) {
    e.preventDefault();
    const input = file ? { file } : url.trim() ? { url: url.trim() } : null;
    if (!input) return;
    preview.mutate(input, {
      onSuccess: (result) => {
        setDiff(result);
        setAccepted(new Set(result.items.filter((i) => !isConflict(i)).map((i) => i.key)));
      },
    });
  }

  const toggle = (keys: string[], on: boolean) =>
    setAccepted((prev) => {
      const next = new Set(prev);
      for (const k of keys)
        if (on) next.add(k);
        else next.delete(k);
      return next;
    });

  function submitApply() {
    if (!diff) return;
    apply.mutate({ sha256: diff.source.sha256, accept: [...accepted] }, { onSuccess: () => setDiff(null) });
  }

  return (
    <Card className="mt-6" aria-labelledby="refresh-title">
      <CardHeader>
        <CardTitle as="h3" id="refresh-title">
          Refresh from upstream
        </CardTitle>
        <p className="text-sm text-slate-600">
          Compares a new snapshot of the lists the directory was built from (chainlist&apos;s rpcs.json export or
          ethereum-lists&apos; chains.json) with the directory. Nothing changes until you apply; what you edited by hand
          is never overwritten without your say.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submitPreview} noValidate className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
          <div className="grid gap-1">
            <Label htmlFor="refresh-file">Snapshot file</Label>
            <input
              id="refresh-file"
              type="file"
              accept=".json,application/json"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-200"
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="refresh-url">or its URL</Label>
            <Input
              id="refresh-url"
              type="url"
              placeholder="https://chainlist.org/rpcs.json"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={preview.isPending || (!file && !url.trim())}>
            {preview.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <CloudDownload aria-hidden="true" />
            )}
            Preview changes
          </Button>
        </form>
        {diff && (
          <DiffReview diff={diff} accepted={accepted} toggle={toggle}>
            <Button onClick={submitApply} disabled={apply.isPending || accepted.size === 0}>
              {apply.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Apply {accepted.size} accepted
            </Button>
          </DiffReview>
        )}
      </CardContent>
    </Card>
  );
}

function DiffReview({
  diff,
  accepted,
  toggle,
  children,
}: {
  diff: RefreshDiff;
  accepted: Set<string>;
  toggle: (keys: string[], on: boolean) => void;
  children: ReactNode;
}) {
  const { source } = diff;
  return (
    <div className="mt-6 grid gap-5" data-testid="refresh-diff">
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p className="break-words">
          {source.name} · {source.location}
          {source.date && ` · dated ${source.date.slice(0, 10)}`}
        </p>
        <p className="mt-1 font-medium text-slate-900" data-testid="refresh-summary">
          {diff.items.length ? summaryLine(diff.summary) : 'No changes: the directory matches this snapshot.'}
        </p>
      </div>
      {GROUPS.map(({ kind, title }) => {
        const items = diff.items.filter((i) => i.kind === kind);
        if (!items.length) return null;
        const keys = items.map((i) => i.key);
        return (
          <section key={kind} aria-label={title} className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="font-semibold text-slate-900">
                {title} <span className="font-normal text-slate-500">({items.length})</span>
              </h4>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => toggle(keys, true)}>
                  Accept all
                </Button>
                <Button variant="outline" size="sm" onClick={() => toggle(keys, false)}>
                  Reject all
                </Button>
              </div>
            </div>
            <ul className="grid gap-1">
              {items.map((item) => (
                <li key={item.key} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                  <label className="flex items-start gap-2">
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={accepted.has(item.key)}
                      onChange={(e) => toggle([item.key], e.target.checked)}
                    />
                    <ItemText item={item} />
                  </label>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {diff.unknownHosts.length > 0 && (
        <section aria-label="Hosts without a provider" className="text-sm text-slate-700">
          <h4 className="font-semibold text-slate-900">Hosts without a provider</h4>
          <p>New endpoints on these hosts are listed unattributed; attribute them later in the chain dialog.</p>
          <p className="mt-1 break-words text-slate-600">
            {diff.unknownHosts.map((h) => `${h.host} (${h.endpoints})`).join(', ')}
          </p>
        </section>
      )}
      {diff.providersAppearing.length > 0 && (
        <section aria-label="Providers on new chains" className="text-sm text-slate-700">
          <h4 className="font-semibold text-slate-900">Providers on new chains</h4>
          <ul>
            {diff.providersAppearing.map((p) => (
              <li key={p.provider}>
                {p.provider}: {p.chains.join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {diff.items.length > 0 && <div>{children}</div>}
    </div>
  );
}

function Changes({ changes }: { changes: FieldChange[] }) {
  return (
    <ul className="mt-1 grid gap-0.5 text-slate-600">
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          {c.field}: {c.byHand ? 'yours ' : ''}
          <span className="font-mono">{shown(c.current)}</span> → upstream{' '}
          <span className="font-mono">{shown(c.upstream)}</span>
          {c.byHand && (
            <Badge variant="warning" className="ml-2">
              Set by hand
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

function ItemText({ item }: { item: RefreshItem }) {
  const chain = (
    <span className="text-slate-500">
      {item.chainName} ({item.evmChainId})
    </span>
  );
  switch (item.kind) {
    case 'chain-added':
      return (
        <span className="min-w-0">
          <span className="font-medium text-slate-900">{item.chainName}</span>{' '}
          <span className="text-slate-500">
            chain ID {item.evmChainId} · {item.isTestnet ? 'testnet' : 'mainnet'} · {item.endpoints.length} endpoints
          </span>
        </span>
      );
    case 'chain-changed':
      return (
        <span className="min-w-0">
          {chain}
          {item.conflict && (
            <Badge variant="warning" className="ml-2">
              Conflict
            </Badge>
          )}
          <Changes changes={item.changes} />
        </span>
      );
    case 'endpoint-added':
      return (
        <span className="min-w-0">
          <span className="font-mono break-all text-slate-900">{item.endpoint.url}</span> {chain}
          <span className="block text-slate-600">
            {item.endpoint.provider ?? 'no provider'} · tracking {item.endpoint.tracking}
            {item.endpoint.needsApiKey && ' · needs a key'}
            {item.returningId !== null && ' · listed before: its history stays'}
          </span>
          {item.conflict && <Badge variant="warning">Removed by hand</Badge>}
        </span>
      );
    case 'endpoint-changed':
      return (
        <span className="min-w-0">
          <span className="font-mono break-all text-slate-900">{item.url}</span> {chain}
          <Changes changes={item.changes} />
        </span>
      );
    case 'endpoint-removed':
      return (
        <span className="min-w-0">
          <span className="font-mono break-all text-slate-900">{item.url}</span> {chain}
          <span className="block text-slate-600">
            Last health:{' '}
            {item.lastHealth
              ? `${item.lastHealth.status}${item.lastHealth.checkedAt ? `, ${item.lastHealth.checkedAt.slice(0, 16).replace('T', ' ')} UTC` : ''}`
              : 'not checked'}
          </span>
          {item.addedByHand ? (
            <Badge variant="warning">Added by hand</Badge>
          ) : (
            item.conflict && <Badge variant="warning">Edited by hand</Badge>
          )}
        </span>
      );
  }
}
