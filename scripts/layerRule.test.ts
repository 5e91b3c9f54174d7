// The layer rule of eslint.config.js fires on the imports ARCHITECTURE.md forbids, and only on those.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The no-restricted-imports messages for `code` linted as if it lived at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rule', () => {
  it('keeps pure packages free of Node I/O, React and apps', async () => {
    expect(await layerErrors('packages/geo/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n")).toEqual([
      expect.stringContaining('pure packages have no Node I/O'),
    ]);
    expect(await layerErrors('packages/protocol/src/x.ts', "import { useState } from 'react';\nexport const f = useState;\n")).toEqual([
      expect.stringContaining('no React'),
    ]);
    expect(await layerErrors('packages/protocol/src/x.ts', "import { buildApp } from '@clearway/server';\nexport const f = buildApp;\n")).toEqual([
      expect.stringContaining('never import from an app'),
    ]);
  });

  it('lets a package import only the packages beneath it', async () => {
    expect(await layerErrors('packages/geo/src/x.ts', "import { ENVIRONMENTS } from '@clearway/protocol';\nexport const e = ENVIRONMENTS;\n")).toEqual([
      expect.stringContaining('packages/geo may import only no other package'),
    ]);
    expect(await layerErrors('packages/protocol/src/x.ts', "import { unitSetFor } from '@clearway/geo';\nexport const u = unitSetFor;\n")).toEqual([]);
    expect(await layerErrors('packages/navimport/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n")).toEqual([]);
  });

  it('keeps the apps apart', async () => {
    expect(await layerErrors('apps/web/src/x.ts', "import { buildApp } from '@clearway/server';\nexport const f = buildApp;\n")).toHaveLength(1);
    expect(await layerErrors('apps/server/src/x.ts', "import { createRoot } from 'react-dom/client';\nexport const f = createRoot;\n")).toHaveLength(1);
  });
});
