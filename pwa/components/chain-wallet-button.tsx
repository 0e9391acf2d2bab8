// "Add to wallet": asks the browser wallet to add the network (EIP-3085). Shown only when a wallet is
// injected (window.ethereum) and the chain has what a wallet needs (EVM id, currency, a keyless https RPC).
import { Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ChainDetail } from '../../api/chains/schema.ts';
import { toast } from '../lib/toast.ts';
import { addChainParams, addChainToWallet, browserWallet, isUserRejection, type Eip1193Provider } from '../lib/wallet.ts';
import { Button } from './ui/button.tsx';

export function ChainWalletButton({ chain, className }: { chain: ChainDetail; className?: string }) {
  // Read after mount: wallets inject themselves at document start, and the server-rendered shell has none.
  const [wallet, setWallet] = useState<Eip1193Provider | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setWallet(browserWallet()), []);

  const params = addChainParams(chain);
  if (!wallet || !params) return null;

  const add = async () => {
    setBusy(true);
    try {
      await addChainToWallet(wallet, params);
      toast({ title: 'Network added', description: `${chain.name} is now available in your wallet.`, variant: 'success' });
    } catch (error) {
      if (!isUserRejection(error)) {
        const detail = error instanceof Error && error.message ? error.message : 'Your wallet did not accept the network.';
        toast({ title: 'Could not add the network', description: detail, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" onClick={add} disabled={busy} className={className}>
      <Wallet aria-hidden="true" />
      {busy ? 'Waiting for wallet...' : 'Add to wallet'}
    </Button>
  );
}
