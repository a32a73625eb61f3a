/*
 * The photo the page benchmarks publish with each pet (bench-pages.ts, bench-phone.ts): a JPEG that looks like a
 * photo to an encoder, so the catalogue and the pet's page weigh what they would with a real one.
 */
import sharp from 'sharp';

/** A small deterministic generator, so every run publishes the same photos. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/**
 * A photo-like JPEG: a sky-to-ground gradient with a soft horizon, a few soft-edged shapes, a slow ripple and
 * grain, slightly blurred (as a lens would), at the highest quality under 140 000 bytes (the limit is 150 000).
 */
export async function photo(index: number): Promise<Buffer> {
  const W = 1200;
  const H = 900;
  const rand = random(1234 + index * 7919);
  const sky = [120 + 80 * rand(), 150 + 60 * rand(), 180 + 60 * rand()];
  const ground = [60 + 80 * rand(), 70 + 70 * rand(), 30 + 40 * rand()];
  const horizon = H * (0.45 + 0.15 * rand());
  const shapes = Array.from({ length: 6 }, () => ({
    x: rand() * W,
    y: H * (0.3 + 0.6 * rand()),
    rx: 80 + 260 * rand(),
    ry: 60 + 200 * rand(),
    color: [255 * rand(), 200 * rand(), 150 * rand()],
  }));
  const raw = Buffer.alloc(W * H * 3);
  const pixel = [0, 0, 0];
  for (let y = 0; y < H; y++) {
    const t = Math.min(1, Math.max(0, (y - horizon + 60) / 120));
    for (let x = 0; x < W; x++) {
      for (let k = 0; k < 3; k++) pixel[k] = sky[k]! * (1 - t) + ground[k]! * t + 20 * Math.sin(x / 90 + y / 130 + k);
      for (const s of shapes) {
        const d = ((x - s.x) / s.rx) ** 2 + ((y - s.y) / s.ry) ** 2;
        if (d < 1) {
          const a = Math.sqrt(1 - d);
          for (let k = 0; k < 3; k++) pixel[k] = pixel[k]! * (1 - a) + s.color[k]! * a;
        }
      }
      const grain = (rand() - 0.5) * 36;
      const o = (y * W + x) * 3;
      for (let k = 0; k < 3; k++) raw[o + k] = Math.max(0, Math.min(255, pixel[k]! + grain));
    }
  }
  let jpeg = Buffer.alloc(0);
  for (const quality of [90, 85, 80, 75, 70, 60, 50]) {
    jpeg = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
      .blur(0.8)
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.length < 140_000) return jpeg;
  }
  return jpeg;
}
