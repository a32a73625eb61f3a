/*
 * The server's entry (dist/server.js). The Node.js version is checked before anything else is loaded: on an older
 * Node the dependencies that main.ts loads fail with errors that say nothing of the version.
 */
import { nodeVersionProblem } from './lib/node-version';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
await import('./main');
