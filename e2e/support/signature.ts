import type { Locator, Page } from '@playwright/test';

/* Signatures drawn on the signature pad of the signing pages and dialogs. */

/** Two strokes across the pad, as points in the page. */
async function strokesOver(pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not visible');
  const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
  return [
    [at(0.1, 0.6), at(0.25, 0.3), at(0.4, 0.7), at(0.55, 0.35)],
    [at(0.55, 0.5), at(0.7, 0.25), at(0.85, 0.65)],
  ];
}

/** Draws a signature on the pad with the mouse. */
export async function drawWithMouse(page: Page, pad: Locator) {
  for (const [first, ...rest] of await strokesOver(pad)) {
    await page.mouse.move(first!.x, first!.y);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 8 });
    await page.mouse.up();
  }
}

/** Draws a signature on the pad with a finger (touch events through the browser's input, as a phone sends them). */
export async function drawWithFinger(page: Page, pad: Locator) {
  const input = await page.context().newCDPSession(page);
  for (const [first, ...rest] of await strokesOver(pad)) {
    await input.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first!] });
    let previous = first!;
    for (const point of rest) {
      for (let step = 1; step <= 6; step += 1) {
        const x = previous.x + ((point.x - previous.x) * step) / 6;
        const y = previous.y + ((point.y - previous.y) * step) / 6;
        await input.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      previous = point;
    }
    await input.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await input.detach();
}
