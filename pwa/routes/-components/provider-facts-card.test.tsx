// The Facts card's "Verified" badge: beside an entered fact, alone where nobody entered it, never for a fact the
// prober did not find true.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderFacts } from '../../../contract/facts.ts';
import { ProviderFactsCard } from './provider-facts-card.tsx';

afterEach(cleanup);

const entered: ProviderFacts = {
  websocket: { value: true, note: null, sourceUrl: 'https://docs.example/ws', asOf: '2026-11-01' },
};

/** The row of the fact labelled `label`, as its <dd>. */
const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('ProviderFactsCard verified badge', () => {
  it('shows "Verified {date}" beside the entered value and alone for a fact nobody entered', () => {
    render(
      <ProviderFactsCard
        facts={entered}
        measured={{
          websocket: { checkedAt: '2026-11-24T08:00:00.000Z' },
          trace: { checkedAt: '2026-11-23T06:00:00.000Z', methods: ['debug'] },
        }}
      />,
    );
    const ws = within(row('WebSocket'));
    expect(row('WebSocket').textContent).toContain('Yes');
    expect(ws.getByTestId('fact-verified').textContent).toBe('Verified Nov 24, 2026');
    expect(row('WebSocket').textContent).toMatch(/Measured by our prober: a wss:\/\/ endpoint answered/);

    const trace = within(row('Trace/debug methods'));
    expect(trace.getByTestId('fact-verified').textContent).toBe('Verified Nov 23, 2026');
    expect(row('Trace/debug methods').textContent).toContain('Measured by our prober: debug_* methods answered.');
    expect(trace.queryByText('Unknown')).toBeNull();

    expect(row('Archive data').textContent).toContain('Unknown');
    expect(screen.getAllByTestId('fact-verified')).toHaveLength(2);
    expect(document.body.textContent).toMatch(
      /2 of 10 known: "Stated" from the source named.*; "Verified" measured by our prober\./,
    );
  });

  it('has no badge when nothing was measured (answers saved before measured facts existed)', () => {
    render(<ProviderFactsCard facts={entered} measured={undefined} />);
    expect(screen.queryByTestId('fact-verified')).toBeNull();
    expect(document.body.textContent).toContain(
      '1 of 10 known: "Stated" from the source named, as of the date given; "Listed" from this directory’s own endpoint list.',
    );
  });

  it('shows a wss:// address the directory lists as "Listed", apart from what a source states', () => {
    render(<ProviderFactsCard facts={{}} measured={undefined} addresses={['wss://a.example', 'https://b.example']} />);
    const ws = within(row('WebSocket'));
    expect(ws.getByTestId('fact-listed').textContent).toBe(
      'ListedYes: 1 wss:// address of theirs listed in this directory.',
    );
    expect(ws.queryByText('Unknown')).toBeNull();
    expect(row('Archive data').textContent).toContain('Unknown');
  });
});
