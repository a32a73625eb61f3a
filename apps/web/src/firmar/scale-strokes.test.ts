import type { PointGroup } from 'signature_pad';
import { describe, expect, it } from 'vitest';
import { scaleStrokes } from './signature-fields';

const group = (points: { x: number; y: number }[]): PointGroup => ({
  penColor: '#000',
  dotSize: 0,
  minWidth: 0.8,
  maxWidth: 2.6,
  velocityFilterWeight: 0.7,
  compositeOperation: 'source-over',
  points: points.map((p, i) => ({ ...p, pressure: 0.5, time: i })),
});

describe('keeping the drawing when the pad changes size (a rotated phone)', () => {
  it('moves every point by the change of width and of height, keeping the rest of each stroke', () => {
    const drawn = [
      group([
        { x: 10, y: 20 },
        { x: 100, y: 50 },
      ]),
      group([{ x: 300, y: 150 }]),
    ];
    const scaled = scaleStrokes(drawn, 2, 0.5);
    expect(scaled.map((g) => g.points.map(({ x, y }) => ({ x, y })))).toEqual([
      [
        { x: 20, y: 10 },
        { x: 200, y: 25 },
      ],
      [{ x: 600, y: 75 }],
    ]);
    expect(scaled[0]!.points[1]).toMatchObject({ pressure: 0.5, time: 1 });
    expect(scaled[0]!.penColor).toBe('#000');
    // The original strokes are not changed (signature_pad keeps them).
    expect(drawn[0]!.points[0]).toMatchObject({ x: 10, y: 20 });
  });
});
