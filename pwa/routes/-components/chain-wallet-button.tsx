// "Add to wallet": asks a browser wallet to add the network (EIP-3085). Shown wherever a wallet could use the
// chain (EVM id, currency, a keyless https RPC), whether or not the browser has a wallet: pressed without one it
// says how to get one; with one wallet it asks that wallet; with several (EIP-6963) the visitor picks one.
import { Wallet } from 'lucide-react';
import { createStore } from 'mipd';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ChainDetail } from '../../../contract/chains.ts';
import { toast } from '../../lib/toast.ts';
import { addChainParams } from '../../../contract/eip3085.ts';
import {
  addChainToWallet,
  browserWallets,
  isUserRejection,
  type AnnouncedWallet,
  type BrowserWallet,
} from '../../lib/wallet.ts';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';

// The chooser's dialog (Radix, ~13 KB gzip) loads when it opens: a chain page does not need it to show or hydrate.
const WalletChooser = lazy(() => import('./wallet-chooser.tsx'));

// One EIP-6963 discovery for the page (every button shares it), started by the first button that hydrates.
let walletStore: ReturnType<typeof createStore> | undefined;
let snapshot: { announced: readonly unknown[]; wallets: BrowserWallet[] } | undefined;
const NO_WALLETS: BrowserWallet[] = [];
const store = () => (walletStore ??= createStore());
const subscribe = (onChange: () => void) => store().subscribe(onChange);
function currentWallets(): BrowserWallet[] {
  const announced = store().getProviders();
  if (snapshot?.announced !== announced) {
    snapshot = { announced, wallets: browserWallets(announced as readonly AnnouncedWallet[], window.ethereum) };
  }
  return snapshot.wallets;
}

/** The browser's wallets; none while rendering on the server and hydrating (the server knows of none). */
function useBrowserWallets(): BrowserWallet[] {
  return useSyncExternalStore(subscribe, currentWallets, () => NO_WALLETS);
}

type WalletChain = Parameters<typeof addChainParams>[0];

export function AddToWallet({
  chain,
  endpoints,
  children,
  ...button
}: {
  chain: WalletChain;
  /** The endpoints to hand over (default: the chain's); the wallet gets the usable ones, best first. */
  endpoints?: ChainDetail['rpcEndpoints'];
  children: ReactNode;
} & Pick<ButtonProps, 'variant' | 'size' | 'className' | 'aria-label'>) {
  const wallets = useBrowserWallets();
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const params = addChainParams(chain, endpoints);
  if (!params) return null;

  const add = async (wallet: BrowserWallet) => {
    setChoosing(false);
    setBusy(true);
    try {
      await addChainToWallet(wallet.provider, params);
      toast({
        title: 'Network added',
        description: `${chain.name} is now available in ${wallet.name}.`,
        variant: 'success',
      });
    } catch (error) {
      if (!isUserRejection(error)) {
        const detail =
          error instanceof Error && error.message ? error.message : 'Your wallet did not accept the network.';
        toast({ title: 'Could not add the network', description: detail, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        {...button}
        disabled={busy}
        onClick={() => (wallets.length === 1 ? void add(wallets[0]) : setChoosing(true))}
      >
        {busy ? 'Waiting for wallet...' : children}
      </Button>
      {choosing && (
        <Suspense>
          <WalletChooser
            chain={chain}
            params={params}
            wallets={wallets}
            onChoose={(wallet) => void add(wallet)}
            onClose={setChoosing}
          />
        </Suspense>
      )}
    </>
  );
}

export function ChainWalletButton({ chain, className }: { chain: WalletChain; className?: string }) {
  return (
    <AddToWallet chain={chain} className={className}>
      <Wallet aria-hidden="true" />
      Add to wallet
    </AddToWallet>
  );
}
