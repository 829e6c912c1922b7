import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGrowingCount } from './use-growing-count.ts';

describe('useGrowingCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Runs the pending timer of the next pass and the render it starts. */
  const nextPass = () =>
    act(() => {
      vi.runOnlyPendingTimers();
    });

  it('renders ten, then ten more per pass after a macrotask, up to the total', () => {
    const { result } = renderHook(() => useGrowingCount(25));
    expect(result.current).toBe(10);
    nextPass();
    expect(result.current).toBe(20);
    nextPass();
    expect(result.current).toBe(25);
    nextPass();
    expect(result.current).toBe(25);
  });

  it('answers the total when it is smaller than a pass and grows when the list does', () => {
    const { result, rerender } = renderHook(({ total }) => useGrowingCount(total), { initialProps: { total: 0 } });
    expect(result.current).toBe(0);
    rerender({ total: 4 });
    expect(result.current).toBe(4);
    rerender({ total: 30 });
    expect(result.current).toBe(10);
    nextPass();
    nextPass();
    expect(result.current).toBe(30);
  });

  it('does not shrink a list that was shown whole when it is answered again', () => {
    const { result, rerender } = renderHook(({ total }) => useGrowingCount(total), { initialProps: { total: 20 } });
    nextPass();
    expect(result.current).toBe(20);
    rerender({ total: 20 });
    expect(result.current).toBe(20);
  });
});
