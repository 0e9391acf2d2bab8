// Chains tab: card grid (icon or colour dot, name, two-line description, edit/delete), 'Add Chain' dialog,
// and the /chains page content editor below.
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Chain } from '../../api/chains/schema.ts';
import type { Provider } from '../../api/providers/schema.ts';
import { SearchInput } from '../components/search-input.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { useDeleteChain } from '../data/admin.ts';
import { CategoryContentEditor } from './category-editor.tsx';
import { ChainDialog } from './chain-dialog.tsx';
import { ConfirmDelete, EmptyState, SectionHeader } from './parts.tsx';

/** The chain's icon, or a dot of its colour when it has none (or it fails to load). */
export function ChainMark({ chain }: { chain: Pick<Chain, 'iconUrl' | 'color' | 'name'> }) {
  const [failed, setFailed] = useState(false);
  if (chain.iconUrl && !failed) {
    return <img src={chain.iconUrl} alt="" className="size-8 shrink-0 rounded-full object-contain" loading="lazy" onError={() => setFailed(true)} />;
  }
  return (
    <span className="flex size-8 shrink-0 items-center justify-center" aria-hidden="true">
      <span className="size-3.5 rounded-full ring-2 ring-white" style={{ backgroundColor: chain.color }} />
    </span>
  );
}

/** Case-insensitive match on name or slug (long lists in the admin tabs). */
export const matches = (item: { name: string; slug: string }, term: string) => {
  const t = term.trim().toLowerCase();
  return !t || item.name.toLowerCase().includes(t) || item.slug.includes(t);
};

export function ChainsTab({ chains, providers, isAdmin }: { chains: Chain[]; providers: Provider[]; isAdmin: boolean }) {
  const [editing, setEditing] = useState<Chain | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Chain | undefined>();
  const [term, setTerm] = useState('');
  const remove = useDeleteChain();
  const visible = useMemo(() => chains.filter((c) => matches(c, term)), [chains, term]);

  const openDialog = (chain?: Chain) => {
    setEditing(chain);
    setDialogOpen(true);
  };

  return (
    <section>
      <SectionHeader
        title="Chains"
        description={`${chains.length} networks in the directory.`}
        action={<Button onClick={() => openDialog()}><Plus aria-hidden="true" />Add Chain</Button>}
      />
      <SearchInput value={term} onChange={setTerm} placeholder="Filter chains..." label="Filter chains" className="mb-4 max-w-sm" />
      {visible.length === 0 ? (
        <EmptyState>{chains.length ? 'No chains match this filter.' : 'No chains yet. Add the first one with the button above.'}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {visible.map((chain) => (
            <li key={chain.id}>
              <Card className="flex h-full items-start gap-3 p-4">
                <ChainMark chain={chain} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <h3 className="truncate font-semibold text-slate-900">{chain.name}</h3>
                    {chain.isTestnet && <Badge variant="warning">Testnet</Badge>}
                  </div>
                  <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{chain.description || <span className="text-slate-400">No description</span>}</p>
                </div>
                <div className="flex shrink-0 gap-0.5">
                  <Button variant="ghost" size="icon" aria-label={`Edit ${chain.name}`} onClick={() => openDialog(chain)}><Pencil aria-hidden="true" /></Button>
                  <Button variant="ghost" size="icon" aria-label={`Delete ${chain.name}`} onClick={() => setDeleting(chain)}
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"><Trash2 aria-hidden="true" /></Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <ChainDialog chain={editing} providers={providers} open={dialogOpen} onOpenChange={setDialogOpen} />
      <ConfirmDelete
        name={deleting?.name ?? ''}
        open={deleting !== undefined}
        onOpenChange={(open) => { if (!open) setDeleting(undefined); }}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(undefined) })}
      />
      <CategoryContentEditor category="chains" enabled={isAdmin} />
    </section>
  );
}
