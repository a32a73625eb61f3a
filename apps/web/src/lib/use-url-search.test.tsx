import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { URL_SEARCH_DELAY_MS, useUrlSearch } from './use-url-search';

describe('useUrlSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (initial: string) => {
    const writeToUrl = vi.fn<(value: string) => void>();
    const hook = renderHook(({ value }) => useUrlSearch(value, writeToUrl), { initialProps: { value: initial } });
    return { ...hook, writeToUrl };
  };

  it('shows what is typed at once and writes only the last text to the address after the pause', () => {
    const { result, writeToUrl } = setup('');
    act(() => result.current.change('lu'));
    act(() => result.current.change('luna'));
    expect(result.current.draft).toBe('luna');
    act(() => {
      vi.advanceTimersByTime(URL_SEARCH_DELAY_MS - 1);
    });
    expect(writeToUrl).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(writeToUrl).toHaveBeenCalledTimes(1);
    expect(writeToUrl).toHaveBeenCalledWith('luna');
  });

  it('follows the address when it changes by other means (back button, a link)', () => {
    const { result, rerender } = setup('luna');
    expect(result.current.draft).toBe('luna');
    rerender({ value: 'toby' });
    expect(result.current.draft).toBe('toby');
  });

  it('reset empties the box and drops the pending write', () => {
    const { result, writeToUrl } = setup('');
    act(() => result.current.change('luna'));
    act(() => result.current.reset());
    expect(result.current.draft).toBe('');
    act(() => {
      vi.advanceTimersByTime(URL_SEARCH_DELAY_MS * 2);
    });
    expect(writeToUrl).not.toHaveBeenCalled();
  });

  it('keeps what was typed after its own write while the address catches up (a busy machine: "ana", not "aa")', () => {
    const { result, rerender, writeToUrl } = setup('');
    act(() => result.current.change('a'));
    act(() => {
      vi.advanceTimersByTime(URL_SEARCH_DELAY_MS);
    });
    expect(writeToUrl).toHaveBeenCalledWith('a');
    // "n" is typed before the address shows the "a" written a moment ago.
    act(() => result.current.change('an'));
    rerender({ value: 'a' });
    expect(result.current.draft).toBe('an');
    act(() => result.current.change('ana'));
    expect(result.current.draft).toBe('ana');
    // Later, the address going back to that same value by other means (Back) is followed again.
    rerender({ value: '' });
    expect(result.current.draft).toBe('');
    rerender({ value: 'a' });
    expect(result.current.draft).toBe('a');
  });
});
