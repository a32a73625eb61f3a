import { vi } from 'vitest';

/** A PNG data URL of one white pixel: what the fake canvas gives as the drawn signature. */
export const FAKE_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';

/**
 * happy-dom draws nothing: a 2D context whose every method does nothing, so signature_pad runs (its strokes,
 * `isEmpty`, `toData`) as in a browser, and `toDataURL` answers a real PNG.
 */
export function fakeCanvas() {
  const state: Record<string | symbol, unknown> = {};
  const noop = () => undefined;
  const context = new Proxy(state, {
    get: (target, key): unknown => (key in target ? target[key] : key === 'measureText' ? () => ({ width: 10 }) : noop),
    set: (target, key, value: unknown) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(FAKE_PNG);
}
