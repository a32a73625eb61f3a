/*
 * The server's entry (dist/server.js). The Node.js version is checked before anything else is loaded: on an older
 * Node the dependencies that main.ts loads fail with errors that say nothing of the version.
 */
import module from 'node:module';
import { nodeVersionProblem } from './lib/node-version';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
// Node keeps the compiled code of the modules loaded below on disk (in the system's temporary folder, or where
// NODE_COMPILE_CACHE says; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a start after the first compiles none of them
// again. Compiling them was an eighth of start-up's CPU (docs/benchmarks.md, start-up).
module.enableCompileCache?.();
await import('./main');
