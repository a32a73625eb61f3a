// Setup of the component-test tier (vitest project `web-dom`, happy-dom): jest-dom matchers, the mocked
// network, and a clean DOM and cache between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// A request no test answered is a mistake in the test: fail loudly instead of reaching the real network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
