import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ad } from '../../contract/content.ts';
import * as sanitizer from '../lib/sanitize.ts';
import { AdRotator } from './ad-slot.tsx';
import { provideSanitizer } from './html-content.tsx';

const ad = (id: number, adCode: string): Ad => ({ id, adCode, isActive: true, position: 'header', frequency: '5' });

// The sanitiser loaded, as it is once a page has started (html-content.test.tsx covers the time before).
beforeAll(() => provideSanitizer(sanitizer));

/** The ad's own text: what the slot shows besides its "Sponsored" label. */
const adText = (slot: HTMLElement) => slot.textContent?.replace(/^Sponsored/, '');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AdRotator', () => {
  it('renders nothing without ads', () => {
    const { container } = render(<AdRotator ads={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('rotates every 5 s, cycling, and resets to the first when the list changes', () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<AdRotator ads={[ad(1, '<p>one</p>'), ad(2, '<p>two</p>')]} />);
    expect(adText(container)).toBe('one');
    act(() => vi.advanceTimersByTime(4999));
    expect(adText(container)).toBe('one');
    act(() => vi.advanceTimersByTime(1));
    expect(adText(container)).toBe('two');
    act(() => vi.advanceTimersByTime(5000));
    expect(adText(container)).toBe('one');
    act(() => vi.advanceTimersByTime(5000));
    expect(adText(container)).toBe('two');
    rerender(<AdRotator ads={[ad(3, '<p>three</p>'), ad(1, '<p>one</p>')]} />);
    expect(adText(container)).toBe('three');
  });

  it('strips script tags and inline handlers from ad code', () => {
    const { container } = render(
      <AdRotator ads={[ad(1, '<div>ok<script>window.x=1</script><img src="x" onerror="alert(1)"></div>')]} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(adText(container)).toBe('ok');
  });
});
