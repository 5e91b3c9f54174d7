// Prints how the web app's features depend on each other (issue 15, STYLE.md point 14): the
// cross-feature deep imports (a file of one feature importing a file of another that is not one of
// that feature's doors: index.ts, components.ts, testing.ts), the cycles between features and between the layers of apps/web/src, and
// the largest production files and functions. Reads the tree, changes nothing.
//
//   node scripts/feature-imports.mjs [repo root]   (default: this checkout; pass a `git worktree`
//                                                   of an older commit to compare)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const src = join(root, 'apps/web/src');
if (!existsSync(src)) {
  console.error(`No apps/web/src under ${root}: pass the repository root.`);
  process.exit(1);
}
const TOP = 10;

/** Every .ts/.tsx file under `dir`, as absolute paths. */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `features/<name>` for a feature's file, else the top folder under src (`app`, `store`, ...). */
function unitOf(file) {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '(src root)';
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
/** index.ts, components.ts and (for tests) testing.ts: the doors the lint rule lets other features use. */
const isFrontDoor = (file) => /^features\/[^/]+\/(index|components|testing)\.tsx?$/.test(relative(src, file).split(sep).join('/'));

/** The file a relative specifier names, or undefined for a package or an unresolved path. */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Module specifiers of imports, re-exports, import() and vi.mock()/vi.importActual() calls. */
function specifiersOf(sourceFile) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression.getText(sourceFile);
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || /^vi\.(mock|doMock|importActual)$/.test(callee)) {
        found.push(node.arguments[0].text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The name a function-like node is known by in a stack trace or a code review. */
function functionName(node, sourceFile) {
  if (node.name) return node.name.getText(sourceFile);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(sourceFile);
  if (ts.isCallExpression(parent)) return `<callback of ${parent.expression.getText(sourceFile).slice(0, 40)}>`;
  return '<anonymous>';
}

const files = sourceFiles(src);
const deep = [];
/** unit -> set of units it imports (any file, including tests). */
const edges = new Map();
const sizes = [];
const functions = [];

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const from = unitOf(file);
  for (const specifier of specifiersOf(sourceFile)) {
    const target = resolveSpecifier(file, specifier);
    if (!target || !target.startsWith(src)) continue;
    const to = unitOf(target);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    if (from.startsWith('features/') && to.startsWith('features/') && !isFrontDoor(target)) {
      deep.push({ from: relative(src, file), to: relative(src, target), test: isTest(file) });
    }
  }
  if (isTest(file)) continue;
  const rel = relative(src, file);
  sizes.push({ file: rel, lines: sourceFile.getLineAndCharacterOfPosition(text.length).line + 1 });
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) {
      const start = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const end = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      functions.push({ name: functionName(node, sourceFile), file: rel, line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
}

/** Strongly connected components with more than one unit (Tarjan), each sorted. */
function cycles(nodes, next) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (v) => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), indexOf.get(w)));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!indexOf.has(v)) connect(v);
  return found;
}

const units = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])].sort();
const features = units.filter((u) => u.startsWith('features/'));
const featureNext = (u) => [...(edges.get(u) ?? [])].filter((w) => w.startsWith('features/'));
const twoWay = features.flatMap((a) => featureNext(a).filter((b) => a < b && featureNext(b).includes(a)).map((b) => `${a} <-> ${b}`));
const featureCycles = cycles(features, featureNext);
const layerOf = (u) => (u.startsWith('features/') ? 'features' : u);
const layerEdges = new Map();
for (const [from, tos] of edges) {
  for (const to of tos) {
    if (layerOf(from) === layerOf(to)) continue;
    if (!layerEdges.has(layerOf(from))) layerEdges.set(layerOf(from), new Set());
    layerEdges.get(layerOf(from)).add(layerOf(to));
  }
}
const layerCycles = cycles([...layerEdges.keys()].sort(), (u) => [...(layerEdges.get(u) ?? [])]);

const featureFilesImportingApp = new Set(files.filter((f) => unitOf(f).startsWith('features/')).filter((f) => {
  const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
  return specifiersOf(sf).some((s) => unitOf(resolveSpecifier(f, s) ?? src) === 'app');
}));

console.log(`apps/web/src of ${root}: ${files.length} files, ${features.length} features`);
console.log(`\ncross-feature deep imports: ${deep.length} (${deep.filter((d) => d.test).length} of them in tests)`);
for (const d of deep) console.log(`  ${d.from} -> ${d.to}${d.test ? '  (test)' : ''}`);
console.log(`\ntwo-way feature pairs: ${twoWay.length}`);
for (const pair of twoWay) console.log(`  ${pair}`);
console.log(`cycles between features (strongly connected groups): ${featureCycles.length}`);
for (const c of featureCycles) console.log(`  ${c.join(', ')}`);
console.log(`cycles between layers of src (features taken as one): ${layerCycles.length}`);
for (const c of layerCycles) console.log(`  ${c.join(', ')}`);
console.log(`feature files importing app/: ${featureFilesImportingApp.size}`);

console.log(`\nlargest production files (lines):`);
for (const s of sizes.sort((a, b) => b.lines - a.lines).slice(0, TOP)) console.log(`  ${String(s.lines).padStart(5)}  ${s.file}`);
console.log(`largest production functions (lines, nested functions counted in their parent too):`);
for (const f of functions.sort((a, b) => b.lines - a.lines).slice(0, TOP)) console.log(`  ${String(f.lines).padStart(5)}  ${f.name}  ${f.file}:${f.line}`);
