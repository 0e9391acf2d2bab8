// Chains tab: the dead-endpoints filter and the health checks (probe agents, webhooks), card grid (icon or colour dot, name,
// two-line description, edit/delete), 'Add Chain' dialog, and the /chains page content editor below.
import { useMemo, useState } from 'react';
import type { Chain } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Card } from '../components/ui/card.tsx';
import { useDeleteChain } from '../data/admin/chains.ts';
import { CategoryContentEditor } from './category-editor.tsx';
import { DeadEndpoints } from './dead-endpoints.tsx';
import { HealthChecks } from './health-checks.tsx';
import { ChainForm } from './chain-dialog.tsx';
import { CatalogueSection } from './parts.tsx';

/** The chain's icon, or a dot of its colour when it has none (or it fails to load). */
function ChainMark({ chain }: { chain: Pick<Chain, 'iconUrl' | 'color' | 'name'> }) {
  const [failed, setFailed] = useState(false);
  if (chain.iconUrl && !failed) {
    return (
      <img
        src={chain.iconUrl}
        alt=""
        className="size-8 shrink-0 rounded-full object-contain"
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="flex size-8 shrink-0 items-center justify-center" aria-hidden="true">
      <span className="size-3.5 rounded-full ring-2 ring-white" style={{ backgroundColor: chain.color }} />
    </span>
  );
}

export function ChainsTab({
  chains,
  providers,
  isAdmin,
}: {
  chains: Chain[];
  providers: Provider[];
  isAdmin: boolean;
}) {
  const remove = useDeleteChain();
  const chainNames = useMemo(() => new Map(chains.map((c) => [c.id, c.name])), [chains]);
  return (
    <section>
      {isAdmin && (
        <>
          <DeadEndpoints chainNames={chainNames} />
          <HealthChecks />
        </>
      )}
      <CatalogueSection
        title="Chains"
        description={`${chains.length} networks in the directory.`}
        singular="Chain"
        plural="chains"
        path="/chains/"
        newDescription="A new network in the directory."
        items={chains}
        remove={remove}
        form={(chain, onDone) => <ChainForm chain={chain} chains={chains} providers={providers} onDone={onDone} />}
        list={(visible, actions) => (
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
                    <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">
                      {chain.description || <span className="text-slate-400">No description</span>}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-0.5">{actions(chain)}</div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      />
      <CategoryContentEditor category="chains" enabled={isAdmin} />
    </section>
  );
}
