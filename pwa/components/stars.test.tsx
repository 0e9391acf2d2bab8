import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { starFillPercent, Stars } from './stars.tsx';

afterEach(cleanup);

describe('Stars', () => {
  it('shows the value to one decimal with an accessible label', () => {
    render(<Stars value="3.56" />);
    const stars = screen.getByRole('img', { name: 'Rated 3.6 out of 5' });
    expect(stars.style.getPropertyValue('--star-fill')).toBe('70%');
    expect(stars.parentElement?.textContent).toBe('3.6');
  });
  it('fills half a star for a .5 fraction', () => {
    render(<Stars value={2.5} showValue={false} />);
    expect(screen.getByRole('img').style.getPropertyValue('--star-fill')).toBe('50%');
    expect(screen.queryByText('2.5')).toBeNull();
  });
  it('colours whole stars, half of the next for .5 and above, nothing for less', () => {
    expect([0, 1, 2.4, 2.5, 4.99, 5].map(starFillPercent)).toEqual([0, 20, 40, 50, 90, 100]);
  });
});
