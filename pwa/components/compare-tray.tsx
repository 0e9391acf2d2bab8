// Collecting providers to compare: the "Compare" toggle on provider cards and the tray that links the collected
// ones to /compare. The tray lives in localStorage (pwa/lib/compare-tray.ts); both render empty on the server.
import { X } from 'lucide-react';
import { COMPARE_MAX, COMPARE_MIN } from '../../contract/compare.ts';
import { paths } from '../lib/site.ts';
import { clearTray, toggleTray, useCompareTray, type TrayItem } from '../lib/compare-tray.ts';
import { toast } from '../lib/toast.ts';
import { AppLink } from './app-link.tsx';
import { buttonClasses } from './ui/button.tsx';
import { iconClasses } from './ui/icon.tsx';
import { cn } from '../lib/cn.ts';

export function CompareToggle({ provider, className }: { provider: TrayItem; className?: string }) {
  const tray = useCompareTray();
  const selected = tray.some((i) => i.slug === provider.slug);
  const onClick = () => {
    if (!toggleTray({ slug: provider.slug, name: provider.name })) {
      toast({ title: `Compare up to ${COMPARE_MAX} providers`, description: 'Remove one from the tray first.' });
    }
  };
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={`Compare ${provider.name}`}
      onClick={onClick}
      className={buttonClasses(
        selected ? 'secondary' : 'ghost',
        'sm',
        cn(iconClasses(selected ? 'check' : 'git-compare-arrows'), className),
      )}
    >
      Compare
    </button>
  );
}

/** The collected providers, fixed at the bottom of the screen while there are any. */
export function CompareTray() {
  const tray = useCompareTray();
  if (tray.length === 0) return null;
  const ready = tray.length >= COMPARE_MIN;
  return (
    <aside
      aria-label="Providers to compare"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-lg backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-3 sm:flex-nowrap">
        <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5">
          {tray.map((item) => (
            <li
              key={item.slug}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm"
            >
              {item.name}
              <button
                type="button"
                onClick={() => toggleTray(item)}
                aria-label={`Remove ${item.name} from the comparison`}
                className="inline-flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <div className="flex shrink-0 items-center gap-2">
          <button type="button" onClick={clearTray} className={buttonClasses('ghost', 'sm')}>
            Clear
          </button>
          {ready ? (
            <AppLink href={paths.compare(...tray.map((i) => i.slug))} className={buttonClasses('primary', 'sm')}>
              Compare {tray.length}
            </AppLink>
          ) : (
            <span className="text-sm text-slate-600">Add {COMPARE_MIN - tray.length} more to compare</span>
          )}
        </div>
      </div>
    </aside>
  );
}
