import type { RpcEndpoint } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import { Badge } from './ui/badge.tsx';

type Tracking = RpcEndpoint['tracking'] | Provider['tracking'];

/** Chainlist's privacy label of an RPC endpoint (or of a provider overall); the admin forms use the same words. */
export const trackingLabels: Record<
  Tracking,
  { text: string; variant: 'success' | 'warning' | 'danger' | 'neutral'; title: string }
> = {
  none: { text: 'No tracking', variant: 'success', title: 'Declares it does not track users' },
  limited: {
    text: 'Limited tracking',
    variant: 'warning',
    title: 'Keeps limited data, such as IP addresses for a short time',
  },
  yes: { text: 'Tracks usage', variant: 'danger', title: 'May record and use request data' },
  mixed: { text: 'Mixed tracking', variant: 'warning', title: 'Its endpoints carry different tracking labels' },
  unspecified: { text: 'Tracking unknown', variant: 'neutral', title: 'No tracking information published' },
};

export function TrackingBadge({ tracking }: { tracking: Tracking }) {
  const l = trackingLabels[tracking];
  return (
    <Badge variant={l.variant} title={l.title}>
      {l.text}
    </Badge>
  );
}
