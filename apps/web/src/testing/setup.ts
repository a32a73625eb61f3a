// Setup of the component-test tier (vitest project `web-dom`, happy-dom): jest-dom matchers, the mocked
// network, and a clean DOM and cache between tests.
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// Waits are for conditions, never for time: findBy… and waitFor give a condition 15 s to hold (Testing Library's
// default, 1 s, fails a first render on a loaded 2-core machine). A condition that holds returns at once.
configure({ asyncUtilTimeout: 15_000 });

// happy-dom has no `document.fonts`; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });

// A request no test answered is a mistake in the test: fail loudly instead of reaching the real network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // Mantine keeps its notifications in a store of the module, which outlives the render: files share workers, so a
  // toast one test left (a save's error) would show in the next file's first screen.
  notifications.clean();
  notifications.cleanQueue();
  server.resetHandlers();
});
afterAll(() => server.close());
