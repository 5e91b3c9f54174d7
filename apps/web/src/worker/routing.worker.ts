// The routing worker (ARCHITECTURE.md "The routing worker"): holds the loaded nav database and answers
// the message map of messages.ts. Created by createRoutingWorker() in routingWorker.ts.
import { createRoutingHandlers } from './handlers';
import { serveRouting, type WorkerScopeLike } from './workerHost';

serveRouting(self as unknown as WorkerScopeLike, createRoutingHandlers());
