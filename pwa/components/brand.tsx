import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../lib/site.ts';

/** The product wordmark, linking home. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight whitespace-nowrap text-slate-900 ${className ?? ''}`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  );
}
