// The worker entry when the app runs from its TypeScript sources (jest with @swc/jest): worker threads do not share
// jest's transform, so tsx compiles the dispatcher and the job modules inside the thread. The built app (dist) never
// loads this file: its workers start from the compiled file-job.worker.js.
import { workerData } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const { default: runFileJob } = await import(workerData.dispatcher);
export default runFileJob;
