// The web app's feature rule (STYLE.md point 14, ARCHITECTURE.md "Web app"): a feature imports
// another feature only through its front door, `features/<name>/index.ts`, or for the components
// it lets others embed `features/<name>/components.ts` (kept apart so that a feature's slices and
// functions do not pull lazily loaded screens into the first screen's bundle). Test kits (fakes,
// fixtures) live under `src/test/`, which only tests and other kits import. A feature imports only features listed beneath it in
// the config's feature map, which is checked to have no cycle, so no two features import each other.
// Features never import the shell (`app/`); `platform/` imports neither features nor the shell.
// A local rule because it resolves relative paths against the importing file, which
// `no-restricted-imports` patterns cannot do.
import { dirname, relative, resolve, sep } from 'node:path';

/** Throws when the feature map names an unknown feature or has a cycle; returns it otherwise. */
export function checkFeatureMap(features) {
  const state = new Map();
  const visit = (name, path) => {
    if (!(name in features)) throw new Error(`Feature map: ${path.at(-2)} lists "${name}", which is not a feature of the map.`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') throw new Error(`Feature map has a cycle: ${[...path].join(' -> ')}.`);
    state.set(name, 'open');
    for (const next of features[name]) visit(next, [...path, next]);
    state.set(name, 'done');
  };
  for (const name of Object.keys(features)) visit(name, [name]);
  return features;
}

const TEST_FILE = /\.test\.tsx?$/;

/** Where a path under the web source lies: { kind: 'feature', name, rest } or { kind: top folder }. */
function placeOf(relPath) {
  const parts = relPath.split(sep);
  if (parts[0] === '..') return { kind: 'outside' };
  if (parts[0] === 'features' && parts.length > 1) return { kind: 'feature', name: parts[1], rest: parts.slice(2).join('/') };
  return { kind: parts.length > 1 ? parts[0] : 'root' };
}

export const featureFrontDoors = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features import each other only through their index.ts, beneath them in the feature map.' },
    schema: [
      {
        type: 'object',
        properties: { srcRoot: { type: 'string' }, features: { type: 'object' } },
        required: ['srcRoot', 'features'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { srcRoot, features } = context.options[0];
    const src = resolve(context.cwd, srcRoot);
    const filename = context.filename;
    const from = placeOf(relative(src, filename));
    if (from.kind === 'outside') return {};
    const isTestCode = TEST_FILE.test(filename) || from.kind === 'test';

    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = placeOf(relative(src, resolve(dirname(filename), specifier)));
      if (to.kind === 'test' && !isTestCode) {
        context.report({ node, message: `Production code never imports the test kits of src/test: '${specifier}'.` });
        return;
      }
      if (from.kind === 'platform' && (to.kind === 'feature' || to.kind === 'app')) {
        context.report({ node, message: `src/platform imports no feature and not the shell (app/): '${specifier}'.` });
        return;
      }
      if (from.kind !== 'feature' || !(from.name in features)) return;
      if (to.kind === 'app') {
        context.report({ node, message: `Features never import the shell (app/): '${specifier}'. What features need from the shell lives in src/platform/.` });
        return;
      }
      if (to.kind !== 'feature' || to.name === from.name) return;
      const door = to.rest.replace(/\.tsx?$/, '');
      if (!(door === '' || door === 'index' || door === 'components')) {
        context.report({
          node,
          message: `Import features/${to.name} through its front door ('${specifier.slice(0, specifier.length - to.rest.length).replace(/\/$/, '')}'), not '${specifier}'.`,
        });
      }
      if (!features[from.name].includes(to.name)) {
        const allowed = features[from.name].length > 0 ? features[from.name].map((n) => `features/${n}`).join(', ') : 'no other feature';
        context.report({
          node,
          message: `features/${from.name} may import only ${allowed} (eslint.config.js feature map; an import that way round would let two features import each other): '${specifier}'.`,
        });
      }
    };
    const literal = (source) => (source && source.type === 'Literal' ? source.value : undefined);
    return {
      Program(node) {
        if (from.kind === 'feature' && !(from.name in features)) {
          context.report({ node, message: `features/${from.name} is not in the feature map of eslint.config.js: add it with the features it may import.` });
        }
      },
      ImportDeclaration: (node) => check(node, literal(node.source)),
      ExportNamedDeclaration: (node) => check(node, literal(node.source)),
      ExportAllDeclaration: (node) => check(node, literal(node.source)),
      ImportExpression: (node) => check(node, literal(node.source)),
      CallExpression(node) {
        const callee = node.callee;
        const isViCall = callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'vi' && callee.property.type === 'Identifier' && ['mock', 'doMock', 'importActual'].includes(callee.property.name);
        if (isViCall) check(node, literal(node.arguments[0]));
      },
    };
  },
};
