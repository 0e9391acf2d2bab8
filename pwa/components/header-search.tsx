// The header's search entry: a field that opens /search?q=… (the page lists matching providers and chains).
// A plain GET form underneath, so it also works before the app's script has loaded.
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { cn } from '../lib/cn.ts';
import { SearchInput } from './search-input.tsx';
import { Button } from './ui/button.tsx';

export function HeaderSearch({
  className,
  withButton = false,
  onSearch,
}: {
  /** Layout, including the display (`flex`, or `hidden xl:flex`): the form sets none of its own. */
  className: string;
  /** A visible Search button beside the field (the phone menu); on desktop Enter submits. */
  withButton?: boolean;
  /** Called on submit, e.g. to close the phone menu (it stays open when /search is already the page). */
  onSearch?: () => void;
}) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    // The results page shows the term in its own box; the header field is ready for the next search.
    setTerm('');
    onSearch?.();
    void navigate({ to: '/search', search: { q: q || undefined } });
  };

  return (
    <form
      role="search"
      aria-label="Site search"
      action="/search"
      method="get"
      onSubmit={submit}
      className={cn('gap-2', className)}
    >
      <SearchInput
        name="q"
        value={term}
        onChange={setTerm}
        placeholder="Search…"
        label="Search chains and providers"
        className="min-w-0 flex-1"
      />
      {withButton && (
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
      )}
    </form>
  );
}
