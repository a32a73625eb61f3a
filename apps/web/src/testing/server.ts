import { setupServer } from 'msw/node';

/**
 * The mocked network of component tests. It answers nothing by default: each test declares the answers it
 * needs with `server.use(http.post('/api/...', ...))`, and a request nobody answers fails the test.
 */
export const server = setupServer();
