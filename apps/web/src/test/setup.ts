// Every web unit test gets an in-memory IndexedDB for the Dexie stores, and a clean DOM.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; a busy CI machine needs longer.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
