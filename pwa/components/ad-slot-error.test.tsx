// The error boundary of an ad: the sanitiser is made to fail, as a broken ad payload would.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { AdRotator } from './ad-slot.tsx';

vi.mock('../lib/sanitize.ts', () => ({
  sanitizeAdHtml: () => {
    throw new Error('malformed ad');
  },
}));

afterEach(cleanup);

it("shows 'Ad content unavailable' when an ad cannot be rendered", async () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  const { container } = render(
    <AdRotator ads={[{ id: 1, adCode: '<p>x</p>', isActive: true, position: 'header', frequency: '5' }]} />,
  );
  await screen.findByText('Ad content unavailable');
  expect(container.textContent).toBe('SponsoredAd content unavailable');
  spy.mockRestore();
});
