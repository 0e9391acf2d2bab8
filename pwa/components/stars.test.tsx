import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stars } from './stars.tsx';

afterEach(cleanup);

describe('Stars', () => {
  it('shows the value to one decimal with an accessible label', () => {
    render(<Stars value="3.56" />);
    expect(screen.getByRole('img', { name: 'Rated 3.6 out of 5' })).toBeTruthy();
    expect(screen.getByText('3.6')).toBeTruthy();
  });
  it('fills half a star for a .5 fraction', () => {
    const { container } = render(<Stars value={2.5} showValue={false} />);
    const widths = [...container.querySelectorAll<HTMLElement>('span[style]')].map((s) => s.style.width);
    expect(widths).toEqual(['100%', '100%', '50%']);
    expect(screen.queryByText('2.5')).toBeNull();
  });
});
