import { Link } from '@tanstack/react-router';
import { ChevronRight, Home } from 'lucide-react';

export type Crumb = { label: string; to?: string };

/** Home icon then the named items; the last item is the current page and is not a link. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-1.5 text-slate-600">
        <li>
          <Link to="/" className="inline-flex items-center rounded p-0.5 hover:text-accent-700" aria-label="Home">
            <Home className="size-4" aria-hidden="true" />
          </Link>
        </li>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.label}-${i}`} className="inline-flex items-center gap-1.5">
              <ChevronRight className="size-3.5 text-slate-400" aria-hidden="true" />
              {last || !item.to ? (
                <span
                  className={last ? 'font-medium text-slate-900' : undefined}
                  aria-current={last ? 'page' : undefined}
                >
                  {item.label}
                </span>
              ) : (
                <Link to={item.to} className="hover:text-accent-700">
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
