// Every web unit test gets an in-memory IndexedDB for the Dexie stores, and a clean DOM.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());
