// The top card of a provider's or a chain's page: logo beside the name (also on phones, where a logo on a
// row of its own wasted the first screen), a line of facts, the description, extras, then the actions.
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';
import { Card } from './ui/card.tsx';

export function EntityHeader({
  name,
  image,
  color,
  badge,
  facts,
  description,
  children,
  actions,
}: {
  name: string;
  image: string | null;
  color: string;
  /** Beside the name (Featured, Testnet). */
  badge?: ReactNode;
  /** The line under the name (rating, counts). */
  facts: ReactNode;
  description: string | null;
  /** Between the description and the actions (the provider's chain badges). */
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-4 sm:gap-5">
        <Logo src={image} name={name} color={color} size="lg" eager />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{name}</h1>
            {badge}
          </div>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">{facts}</div>
        </div>
      </div>
      {description && <p className="mt-4 text-slate-700">{description}</p>}
      {children}
      <div className="mt-5 flex flex-wrap items-center gap-3">{actions}</div>
    </Card>
  );
}
