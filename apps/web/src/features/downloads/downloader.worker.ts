/// <reference lib="webworker" />
// The background downloader as a dedicated worker (spec part 2 §7): requests in, replies out. The
// pack store's BroadcastChannel tells every tab when a pack is recorded or deleted.
import { browserDownloadEnv } from '../../downloads';
import { PackDownloader } from './downloader';
import { PackStore } from './packStore';
import type { DownloaderReply, DownloaderRequest } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

const downloader = new PackDownloader({
  store: new PackStore(),
  env: browserDownloadEnv(fetch.bind(self)),
  post: (reply: DownloaderReply) => self.postMessage(reply),
});
self.addEventListener('message', (event: MessageEvent<DownloaderRequest>) => void downloader.handle(event.data));
self.postMessage({ type: 'ready' } satisfies DownloaderReply);
