// The wallet chooser of "Add to wallet" (chain-wallet-button.tsx): without a wallet, how to get one; with several
// (EIP-6963), the visitor picks one. Loaded when it opens.
import type { AddEthereumChainParameter } from '../../../contract/eip3085.ts';
import type { BrowserWallet } from '../../lib/wallet.ts';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';

export default function WalletChooser({
  chain,
  params,
  wallets,
  onChoose,
  onClose,
}: {
  chain: { name: string };
  params: AddEthereumChainParameter;
  wallets: BrowserWallet[];
  onChoose: (wallet: BrowserWallet) => void;
  onClose: (open: boolean) => void;
}) {
  return (
    <Dialog open onOpenChange={onClose}>
      <DialogContent
        title={`Add ${chain.name} to a wallet`}
        description={
          params.rpcUrls.length === 1 ? (
            <>
              With the endpoint <code className="break-all">{params.rpcUrls[0]}</code>
            </>
          ) : undefined
        }
      >
        {wallets.length === 0 ? (
          <p className="text-sm text-slate-700">
            Install a browser wallet such as{' '}
            <a
              href="https://metamask.io/download/"
              target="_blank"
              rel="noopener noreferrer"
              className="text-accent-700 underline"
            >
              MetaMask
            </a>{' '}
            to add {chain.name}.
          </p>
        ) : (
          <ul className="space-y-2" aria-label="Your wallets">
            {wallets.map((w) => (
              <li key={w.id}>
                <Button variant="outline" className="w-full justify-start" onClick={() => onChoose(w)}>
                  <Logo src={w.icon} name={w.name} size="xs" eager />
                  {w.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
