import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the production build served by the real server (see e2e/support/global-setup.ts).
 * Debian's Chromium is used as installed: never download a browser.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Limits for a shared machine at its slowest (on 2026-11-24 the longest journeys, a registration from a phone to its
  // approval or an adoption's follow-up, took 60 to 90 s there with two browsers): they bound a hang, never measure
  // speed, so one limit serves every journey.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two browsers at a time, in CI as well: the journeys keep to their own records, and their time limits allow for
  // a busy machine.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    locale: 'es-ES',
    // Journeys run as a person who prefers less motion (the theme honours it: respectReducedMotion): no fades or
    // transitions to wait out, a tenth less CPU on two cores (care and bulk journeys: 95 s against 107 s).
    reducedMotion: 'reduce',
    // A failed journey keeps its trace (each step's page, network and console), without the screencast: filming every
    // journey made them a third slower on two cores (pets and shell: 218-233 s against 157-167 s without it).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
