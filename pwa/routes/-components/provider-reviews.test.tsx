// The provider page's User Reviews card: the count is the provider's total, the embedded reviews show at once,
// "Show more reviews" reads the next pages by their Link headers until there are none, and offline the pages
// read before are shown again from the saved copy.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderDetail, UserReview } from '../../../contract/providers.ts';
import { setOfflineReads } from '../../lib/api.ts';
import { ProviderReviews } from './provider-reviews.tsx';

vi.mock('./review-form.tsx', () => ({ ReviewForm: () => null }));

const review = (id: number): UserReview => ({
  id,
  rating: 4,
  comment: `Comment ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  isAnonymous: false,
  isApproved: true,
  user: { displayName: `User ${id}`, firstName: null, lastName: null, profileImageUrl: null },
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => review(from + i));

const provider = (over: Partial<ProviderDetail>) =>
  ({
    slug: 'busy',
    name: 'Busy RPC',
    totalReviews: 5,
    userReviews: range(1, 2),
    userReviewsNext: '/api/providers/busy/reviews?limit=2&after=A',
    ...over,
  }) as ProviderDetail;

/** The server's pages: after A → 3, 4 (next B); after B → 5 (last). */
const pages: Record<string, { body: UserReview[]; link?: string }> = {
  '/api/providers/busy/reviews?limit=2&after=A': {
    body: range(3, 4),
    link: '</api/providers/busy/reviews?limit=2&after=B>; rel="next"',
  },
  '/api/providers/busy/reviews?limit=2&after=B': { body: range(5, 5) },
};

function serve() {
  const fetch = vi.fn(async (path: string) => {
    const page = pages[path];
    return new Response(JSON.stringify(page.body), { status: 200, headers: page.link ? { Link: page.link } : {} });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(p: ProviderDetail) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ProviderReviews provider={p} reviewOpen={false} setReviewOpen={() => {}} />
    </QueryClientProvider>,
  );
}

const shownComments = () => screen.queryAllByText(/^Comment \d+$/).map((e) => e.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOfflineReads(undefined);
});

describe('ProviderReviews', () => {
  it('titles the card with the total, shows the embedded reviews without a request, then pages on demand', async () => {
    const fetch = serve();
    show(provider({}));
    expect(document.body.textContent).toContain('User Reviews (5)');
    expect(shownComments()).toEqual(['Comment 1', 'Comment 2']);
    expect(document.body.textContent).toContain('Showing 2 of 5');
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(shownComments()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() =>
      expect(shownComments()).toEqual(['Comment 1', 'Comment 2', 'Comment 3', 'Comment 4', 'Comment 5']),
    );
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(Object.keys(pages));
  });

  it('has no button when the detail holds every review', () => {
    serve();
    show(provider({ totalReviews: 2, userReviewsNext: null }));
    expect(shownComments()).toEqual(['Comment 1', 'Comment 2']);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    cleanup();
    show(provider({ totalReviews: 0, userReviews: [], userReviewsNext: undefined }));
    expect(document.body.textContent).toContain('User Reviews (0)');
    expect(document.body.textContent).toMatch(/No reviews yet/);
  });

  it('offline, shows the pages read before from the saved copy', async () => {
    const saved = new Map<string, unknown>();
    setOfflineReads({ save: (path, data) => void saved.set(path, data), load: async (path) => saved.get(path) });
    serve();
    show(provider({}));
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(shownComments()).toHaveLength(4));
    cleanup();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    show(provider({}));
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(shownComments()).toHaveLength(4));
    // The page after those was never read: the button says so instead of failing silently.
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(document.body.textContent).toContain('Could not load more reviews. Please try again.'));
    expect(shownComments()).toHaveLength(4);
  });
});
