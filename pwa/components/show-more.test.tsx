import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkList } from './entity-links.tsx';
import { FIRST_BATCH } from './show-more.tsx';

afterEach(cleanup);

const chains = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  slug: `chain-${i + 1}`,
  name: `Chain ${i + 1}`,
  color: null,
  iconUrl: null,
}));
const list = () => (
  <LinkList noun="chains" items={chains}>
    {(c) => <a href={`/chains/${c.slug}`}>{c.name}</a>}
  </LinkList>
);

// In this order: the module remembers that the page's first render is done.
describe('long lists a batch at a time', () => {
  it('draws the first batch on the first render, then more with each "Show more"', () => {
    render(list());
    expect(screen.getAllByRole('link')).toHaveLength(FIRST_BATCH);
    const more = screen.getByRole('button', { name: 'Show more chains' });
    more.focus();
    fireEvent.click(more);
    expect(screen.getAllByRole('link').length).toBeGreaterThan(FIRST_BATCH);
    // The same button stays, and keeps a keyboard user's focus.
    expect(document.activeElement).toBe(more);
    while (screen.queryByRole('button', { name: 'Show more chains' }))
      fireEvent.click(screen.getByRole('button', { name: 'Show more chains' }));
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(chains.map((c) => c.name));
  });

  it('draws a list mounted after the first render whole (a client-side navigation back to it)', () => {
    render(list());
    expect(screen.getAllByRole('link')).toHaveLength(chains.length);
    expect(screen.queryByRole('button', { name: 'Show more chains' })).toBeNull();
  });
});
