import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeat } from './repeat';

const log = { warn: vi.fn() } as unknown as Parameters<typeof repeat>[1]['log'];

describe('repeat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs first after the delay, then on every interval, keeps going after a failed run and stops when told', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const task = vi.fn(async () => {
      runs += 1;
      if (runs === 2) throw new Error('disco lleno');
    });
    const stop = repeat(task, { firstAfterMs: 1_000, everyMs: 5_000, log, what: 'barrido' });

    await vi.advanceTimersByTimeAsync(999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000); // the first interval tick, 5 s after the start: it fails
    expect(task).toHaveBeenCalledTimes(2);
    expect(vi.mocked(log.warn).mock.calls[0]?.[1]).toBe('barrido failed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).toHaveBeenCalledTimes(3);

    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('does not keep the process alive', () => {
    const unref = vi.spyOn(globalThis, 'setInterval');
    const stop = repeat(async () => {}, { firstAfterMs: 60_000, everyMs: 60_000, log, what: 'x' });
    const timer = unref.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    stop();
    unref.mockRestore();
  });
});
