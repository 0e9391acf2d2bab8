import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../contract/providers.ts';
import { LIST_PAGE_SIZE, pageOf } from './list-pager.tsx';
import { ProviderList } from './provider-list.tsx';

afterEach(cleanup);

const providers = Array.from({ length: 2 * LIST_PAGE_SIZE + 1 }, (_, i) => ({
  id: i + 1,
  slug: `p-${i + 1}`,
  name: `Provider ${i + 1}`,
  description: '',
  logoUrl: null,
  color: null,
  chainIds: [],
  averageRating: 0,
  totalReviews: 0,
  website: null,
  affiliateUrl: null,
  cloakedLinks: false,
  nofollowLinks: false,
})) as unknown as Provider[];

/** The list as the page at `url` draws it (the router gives it the URL). */
async function renderAt(url: string, items: readonly Provider[]) {
  const rootRoute = createRootRoute({
    component: () => <ProviderList providers={items} chainsOf={() => ({ shown: [], more: 0 })} empty="none" />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  await screen.findAllByTestId('provider-card');
}
const names = () => screen.getAllByTestId('provider-card').map((card) => card.querySelector('h3')!.textContent);
const link = (rel: string) => document.querySelector<HTMLAnchorElement>(`a[rel="${rel}"]`)?.getAttribute('href');

describe('lists longer than a page', () => {
  it('draws a list of up to a page whole, without a pager', async () => {
    await renderAt('/?q=x', providers.slice(0, LIST_PAGE_SIZE));
    expect(names()).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('draws the page the URL names, whole, linked to the pages beside it with the other parameters kept', async () => {
    await renderAt('/?q=x&page=2', providers);
    expect(names()).toEqual(providers.slice(LIST_PAGE_SIZE, 2 * LIST_PAGE_SIZE).map((p) => p.name));
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 2 of 3');
    expect(link('prev')).toBe('/?q=x');
    expect(link('next')).toBe('/?q=x&page=3');
  });

  it('starts at page 1 and keeps a page past the end on the last', async () => {
    await renderAt('/', providers);
    expect(names()).toHaveLength(LIST_PAGE_SIZE);
    expect(link('prev')).toBeUndefined();
    expect(link('next')).toBe('/?page=2');
    expect(pageOf(providers, 9)).toMatchObject({ page: 3, pages: 3, items: [providers.at(-1)] });
  });
});
