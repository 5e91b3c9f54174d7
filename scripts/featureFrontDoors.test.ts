// The web feature rule of eslint.config.js (scripts/lint/featureFrontDoors.mjs) fires on deep imports
// between features, on imports against the feature map, on features importing the shell and on the
// platform layer importing features, and only on those; the feature map refuses a cycle.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { checkFeatureMap } from './lint/featureFrontDoors.mjs';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The feature rule's messages for `code` linted as if it lived at `filePath`. */
async function doorErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'clearway/feature-front-doors').map((m) => m.message);
}

describe('feature front doors', () => {
  it('lets a feature import a feature beneath it through its index.ts only', async () => {
    expect(await doorErrors('apps/web/src/features/search/x.ts', "import { routeCleared } from '../route';\nexport const f = routeCleared;\n")).toEqual([]);
    expect(await doorErrors('apps/web/src/features/search/deep/x.ts', "import { routeCleared } from '../../route/index';\nexport const f = routeCleared;\n")).toEqual([]);
    expect(await doorErrors('apps/web/src/features/search/x.ts', "import { routeCleared } from '../route/routeSlice';\nexport const f = routeCleared;\n")).toEqual([
      expect.stringContaining("Import features/route through its front door ('../route')"),
    ]);
    expect(await doorErrors('apps/web/src/features/search/x.ts', "import { SearchBox } from './SearchBox';\nexport const f = SearchBox;\n")).toEqual([]);
  });

  it('keeps the test kits of src/test for tests and other kits', async () => {
    const code = "import { TEST_USER } from '../../test/account';\nexport const u = TEST_USER;\n";
    expect(await doorErrors('apps/web/src/features/sync/x.test.ts', code)).toEqual([]);
    expect(await doorErrors('apps/web/src/test/sync/kit.ts', "import { TEST_USER } from '../account';\nexport const u = TEST_USER;\n")).toEqual([]);
    expect(await doorErrors('apps/web/src/features/sync/x.ts', code)).toEqual([expect.stringContaining('Production code never imports the test kits')]);
    expect(await doorErrors('apps/web/src/app/x.ts', "import { TEST_USER } from '../test/account';\nexport const u = TEST_USER;\n")).toEqual([expect.stringContaining('Production code never imports the test kits')]);
  });

  it('refuses an import against the feature map, which would close a cycle', async () => {
    expect(await doorErrors('apps/web/src/features/route/x.ts', "import { SearchBox } from '../search';\nexport const f = SearchBox;\n")).toEqual([
      expect.stringContaining('features/route may import only'),
    ]);
    expect(await doorErrors('apps/web/src/features/newthing/x.ts', 'export const n = 1;\n')).toEqual([expect.stringContaining('not in the feature map')]);
  });

  it('keeps the shell out of features and features out of the platform layer', async () => {
    expect(await doorErrors('apps/web/src/features/map/x.ts', "import { Shell } from '../../app/Shell';\nexport const f = Shell;\n")).toEqual([
      expect.stringContaining('Features never import the shell'),
    ]);
    expect(await doorErrors('apps/web/src/platform/x.ts', "import { routeCleared } from '../features/route';\nexport const f = routeCleared;\n")).toEqual([
      expect.stringContaining('src/platform imports no feature'),
    ]);
    expect(await doorErrors('apps/web/src/app/x.ts', "import { MapHost } from '../features/map/MapHost';\nexport const f = MapHost;\n")).toEqual([]);
  });

  it('refuses a feature map with a cycle or an unknown feature', () => {
    expect(() => checkFeatureMap({ a: ['b'], b: ['c'], c: ['a'] })).toThrow('Feature map has a cycle: a -> b -> c -> a.');
    expect(() => checkFeatureMap({ a: ['z'] })).toThrow('a lists "z", which is not a feature of the map.');
    expect(checkFeatureMap({ a: ['b'], b: [] })).toEqual({ a: ['b'], b: [] });
  });
});
