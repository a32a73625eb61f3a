import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules the product promises (README, Accessibility). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Rules outside the WCAG tags that the product keeps too: one banner, one main, one contentinfo, even while a
 * drawer or a dialog is open; and every dialog (a date picker's calendar included) has a name.
 */
const LANDMARK_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-contentinfo',
  'landmark-one-main',
  'aria-dialog-name',
];
const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

/**
 * Runs axe-core on the page as it is now (no rule switched off, no element left out) and fails when it finds a
 * critical or serious WCAG 2.2 AA violation, or a duplicated landmark, listing each with the selectors of its
 * elements. `label` names the screen and state in the failure ("Home con el menú abierto, 390 px").
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A tap or a click leaves the pointer where it was: whatever lands under it on the next screen would be measured in
  // its hover colours. The page is measured at rest.
  await page.mouse.move(0, 0);
  // Stylesheets still arriving (a lazy screen's CSS chunk) and transitions (the page fade, a dialog sliding in) must
  // end first: a button whose stylesheet has not arrived has the page's text colour on its own background, and
  // half-faded text has half the contrast. One that starts while the first ones end (a lazy screen mounting after its
  // data) is waited for too: the page must stay still for two frames in a row.
  await page.evaluate(`(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const stylesheetsLoaded = () =>
      Promise.all(
        [...document.querySelectorAll('link[rel="stylesheet"]')]
          .filter((link) => !link.sheet)
          .map((link) => new Promise((resolve) => {
            link.addEventListener('load', resolve, { once: true });
            link.addEventListener('error', resolve, { once: true });
          })),
      );
    const deadline = Date.now() + 5000;
    let stillFrames = 0;
    while (stillFrames < 2 && Date.now() < deadline) {
      await Promise.race([stylesheetsLoaded(), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
      // A spinner turns for ever: only animations that end are waited for.
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      await frame();
      stillFrames = running.length === 0 ? stillFrames + 1 : 0;
    }
  })()`);
  // One pass of axe: the WCAG rules by their tags, with the landmark rules switched on beside them (a second pass cost
  // half a second a screen).
  const analyze = () =>
    new AxeBuilder({ page })
      .options({ runOnly: { type: 'tag', values: WCAG_TAGS }, rules: Object.fromEntries(LANDMARK_RULES.map((id) => [id, { enabled: true }])) })
      .analyze();
  let results = await analyze();
  // Contrast measured while something still fades in (a whole screen at the same lowered contrast, seen on a phone
  // right after signing in, with no animation the wait above can see) is measured once more a second later: a real
  // contrast problem is still there then and fails; a fade is over.
  if (results.violations.some((violation) => violation.id === 'color-contrast')) {
    await page.waitForTimeout(1000);
    results = await analyze();
  }
  const problems = results.violations.filter((violation) => LANDMARK_RULES.includes(violation.id) || BLOCKING_IMPACTS.has(violation.impact ?? ''));
  const report = problems.map((violation) => {
    const targets = violation.nodes.map(
      (node) => `    ${node.target.join(' >> ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
    );
    return `  [${violation.impact}] ${violation.id}: ${violation.help}\n${targets.join('\n')}`;
  });
  expect(problems.length, `Accesibilidad (${label}), ${problems.length} problema(s):\n${report.join('\n')}`).toBe(0);
}
