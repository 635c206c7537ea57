// docs/rules.md's generated index: for every exported function and constant of
// packages/domain/src/**/*.rules.ts, the server code that references it (apps/server/src, tests
// left out): file, enclosing named function and, for a route handler, the route.
//
//   node scripts/rules-index.mjs          rewrites the section between the markers (at the end)
//   node scripts/rules-index.mjs --check  exits 1 naming the parts that differ (run by `npm test`
//                                         through scripts/rules-index.test.mjs)
//
// A plain syntactic walk (typescript's parser, no type-checker): each file's imports of a rules
// module are followed to the identifiers that use them (renames `import { a as b }` and
// namespaces `import * as x` then `x.a` included; type positions and shadowing locals left out).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Loaded with require: an ESM import of typescript.js (a package without "type") makes Node scan
// its 9 MB for module syntax first, about half a second.
const ts = createRequire(import.meta.url)('typescript');

const root = path.resolve(import.meta.dirname, '..');
const DOMAIN = 'packages/domain/src';
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const DOC = 'docs/rules.md';
const START = '<!-- rules-index:start -->';
const END = '<!-- rules-index:end -->';
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'all']);

const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const isTest = (file) => /\.test\.[cm]?tsx?$/.test(file);

/** Source files under a folder (paths relative to the repo root, forward slashes, sorted). */
function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.[cm]?tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !/(^|\/)(node_modules|dist)\//.test(file))
    .sort(byText);
}

function parse(file, text = readFileSync(path.join(root, file), 'utf8')) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** The names a declaration's name binds (destructuring included). */
function bindingNames(name) {
  if (ts.isIdentifier(name)) return [name.text];
  if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name)) {
    return name.elements.flatMap((el) => (ts.isOmittedExpression(el) ? [] : bindingNames(el.name)));
  }
  return [];
}

const hasModifier = (node, kind) =>
  (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some((m) => m.kind === kind) ??
  false;

/**
 * The exported functions and constants (values, not types) of one rules file, sorted; `aliases`
 * maps a local name exported under another (`export { a as b }`) to that name.
 */
function exportedRules(file, sf, aliases = new Map()) {
  const names = new Set();
  const fail = (node, what) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    throw new Error(`${file}:${line + 1}: ${what} is not indexed by scripts/rules-index.mjs`);
  };
  for (const st of sf.statements) {
    const exported = hasModifier(st, ts.SyntaxKind.ExportKeyword);
    if (exported && hasModifier(st, ts.SyntaxKind.DefaultKeyword)) fail(st, 'a default export');
    if (ts.isExportAssignment(st)) fail(st, 'a default export');
    if (!exported && !ts.isExportDeclaration(st)) continue;
    if (ts.isFunctionDeclaration(st) && st.name) names.add(st.name.text);
    else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations)
        for (const n of bindingNames(d.name)) names.add(n);
    } else if ((ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) {
      names.add(st.name.text);
    } else if (ts.isExportDeclaration(st) && !st.isTypeOnly) {
      if (st.moduleSpecifier || !st.exportClause || !ts.isNamedExports(st.exportClause)) {
        fail(st, 'a re-export');
      }
      for (const spec of st.exportClause.elements) {
        if (spec.isTypeOnly) continue;
        names.add(spec.name.text);
        aliases.set((spec.propertyName ?? spec.name).text, spec.name.text);
      }
    }
  }
  return [...names].sort(byText);
}

/** The rules file an import specifier names, or undefined. */
function resolveRulesModule(fromFile, specifier, rulesFiles) {
  let target;
  if (specifier.startsWith('@apothecall/domain/')) {
    target = `${DOMAIN}/${specifier.slice('@apothecall/domain/'.length)}`;
  } else if (specifier.startsWith('.')) {
    target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  } else return undefined;
  target = `${target.replace(/\.(js|ts|mjs|mts)$/, '')}.ts`;
  return rulesFiles.has(target) ? target : undefined;
}

/** True when the identifier sits in a type (a type annotation, `typeof x` in a type, ...). */
function inTypePosition(node) {
  for (let n = node.parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (ts.isExpressionWithTypeArguments(n)) {
      const clause = n.parent;
      return !(
        ts.isHeritageClause(clause) &&
        clause.token === ts.SyntaxKind.ExtendsKeyword &&
        ts.isClassLike(clause.parent)
      );
    }
    if (ts.isTypeNode(n)) return true;
    if (ts.isStatement(n) || ts.isFunctionLike(n)) return false;
  }
  return false;
}

/**
 * How an identifier reads its binding: 'value', 'type' (`typeof x` in a type), or undefined for
 * a declaration, key, label or member name.
 */
function referenceKind(id) {
  const p = id.parent;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return undefined;
  if (ts.isImportEqualsDeclaration(p)) return undefined;
  if (ts.isQualifiedName(p)) return p.left === id ? 'type' : undefined;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return undefined;
  if (ts.isShorthandPropertyAssignment(p)) return p.name === id ? 'value' : undefined;
  if (ts.isExportSpecifier(p)) {
    if (p.isTypeOnly || p.parent.parent.isTypeOnly || p.parent.parent.moduleSpecifier)
      return undefined;
    return (p.propertyName ?? p.name) === id ? 'value' : undefined;
  }
  if (p.name === id || p.propertyName === id || p.label === id) return undefined;
  return inTypePosition(id) ? 'type' : 'value';
}

/** Names a scope declares itself (parameters, block-level declarations); the file's own top level is the binding itself. */
function scopeNames(node, cache) {
  let names = cache.get(node);
  if (names) return names;
  names = new Set();
  const addDecl = (st) => {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations)
        for (const n of bindingNames(d.name)) names.add(n);
    } else if (
      (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) &&
      st.name
    ) {
      names.add(st.name.text);
    }
  };
  if (ts.isFunctionLike(node)) {
    for (const param of node.parameters ?? [])
      for (const n of bindingNames(param.name)) names.add(n);
    if ((ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name) {
      names.add(node.name.text);
    }
  } else if (ts.isBlock(node) || ts.isModuleBlock(node) || ts.isCaseClause(node)) {
    for (const st of node.statements) addDecl(st);
  } else if (ts.isDefaultClause(node)) {
    for (const st of node.statements) addDecl(st);
  } else if (
    (ts.isForStatement(node) || ts.isForInStatement(node) || ts.isForOfStatement(node)) &&
    node.initializer &&
    ts.isVariableDeclarationList(node.initializer)
  ) {
    for (const d of node.initializer.declarations)
      for (const n of bindingNames(d.name)) names.add(n);
  } else if (ts.isCatchClause(node) && node.variableDeclaration) {
    for (const n of bindingNames(node.variableDeclaration.name)) names.add(n);
  }
  cache.set(node, names);
  return names;
}

function isShadowed(id, cache) {
  for (let n = id.parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (scopeNames(n, cache).has(id.text)) return true;
  }
  return false;
}

const propertyNameText = (name) =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name))
    ? name.text
    : undefined;

/** The name of a function-like node (its own, or the variable, property or method holding it). */
function functionName(n) {
  const inClass = (member) =>
    ts.isClassLike(member.parent) && member.parent.name ? `${member.parent.name.text}.` : '';
  if (ts.isFunctionDeclaration(n)) return n.name?.text ?? 'default';
  if (ts.isMethodDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n)) {
    const name = propertyNameText(n.name);
    return name && `${inClass(n)}${name}`;
  }
  if (ts.isConstructorDeclaration(n)) return `${inClass(n)}constructor`;
  if (ts.isFunctionExpression(n) || ts.isArrowFunction(n)) {
    if (ts.isFunctionExpression(n) && n.name) return n.name.text;
    const p = n.parent;
    if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
    if (ts.isPropertyAssignment(p)) return propertyNameText(p.name);
    if (ts.isPropertyDeclaration(p)) {
      const name = propertyNameText(p.name);
      return name && `${inClass(p)}${name}`;
    }
  }
  return undefined;
}

/** `GET /api/x` for a route registration call (`app.get('/x', options?, handler)`), else undefined. */
function routeOf(call) {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || call.arguments.length < 2) return undefined;
  const method = callee.name.text;
  const url = call.arguments[0];
  if (ROUTE_METHODS.has(method) && ts.isStringLiteralLike(url) && url.text.startsWith('/')) {
    return { method: method.toUpperCase(), url: url.text };
  }
  // A path built from a constant (`${nativeLinkPrefix}:action`) is shown as written.
  if (ROUTE_METHODS.has(method) && ts.isTemplateExpression(url)) {
    return { method: method.toUpperCase(), url: url.getText().slice(1, -1) };
  }
  if (method === 'route' && ts.isObjectLiteralExpression(call.arguments[0])) {
    const props = new Map();
    for (const prop of call.arguments[0].properties) {
      if (ts.isPropertyAssignment(prop) && ts.isStringLiteralLike(prop.initializer)) {
        props.set(propertyNameText(prop.name), prop.initializer.text);
      }
    }
    if (props.has('method') && props.get('url')?.startsWith('/')) {
      return { method: props.get('method').toUpperCase(), url: props.get('url') };
    }
  }
  return undefined;
}

/**
 * The route prefix: app.ts registers every module's `routes` under `/api` and its `pages`
 * (the `*Pages` plugins) at the site's root.
 */
function prefixOf(call) {
  for (let n = call.parent; n; n = n.parent) {
    const name = ts.isFunctionLike(n) ? functionName(n) : undefined;
    if (name && /Pages$/.test(name)) return '';
    if (ts.isPropertyAssignment(n) && propertyNameText(n.name) === 'pages') return '';
  }
  return '/api';
}

/** Route calls of a file, each with the names its handler reaches through this file's own functions. */
function routesOfFile(sf) {
  const routes = [];
  const declsByName = new Map();
  const visit = (n) => {
    if (ts.isCallExpression(n)) {
      const route = routeOf(n);
      if (route) routes.push({ call: n, label: `${route.method} ${prefixOf(n)}${route.url}` });
    }
    if (ts.isFunctionLike(n)) {
      const name = functionName(n)?.split('.').pop(); // a class member by its own name
      if (name) declsByName.set(name, [...(declsByName.get(name) ?? []), n]);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (routes.length === 0) return routes;
  for (const route of routes) {
    const reached = new Set();
    const queue = route.call.arguments.slice(1);
    const collect = (n) => {
      if (ts.isIdentifier(n) && declsByName.has(n.text) && !reached.has(n.text)) {
        reached.add(n.text);
        queue.push(...declsByName.get(n.text));
      } else if (ts.isPropertyAccessExpression(n) && declsByName.has(n.name.text)) {
        collect(n.name);
      }
      ts.forEachChild(n, collect);
    };
    while (queue.length > 0) collect(queue.shift());
    route.reached = reached;
  }
  return routes;
}

/** Where a reference sits: the nearest named enclosing function (or top-level variable) and its routes. */
function placeOf(id, routes) {
  let name;
  let lexicalRoute;
  for (let n = id.parent, child = id; n; child = n, n = n.parent) {
    if (!name && ts.isFunctionLike(n)) name = functionName(n);
    if (!lexicalRoute && ts.isCallExpression(n) && n.arguments.indexOf(child) > 0) {
      lexicalRoute = routes.find((route) => route.call === n);
    }
    if (!name && ts.isVariableDeclaration(n) && ts.isSourceFile(n.parent.parent.parent)) {
      name = bindingNames(n.name).join(', ');
    }
  }
  name ??= '(module)';
  const labels = lexicalRoute
    ? [lexicalRoute.label]
    : routes.filter((route) => route.reached.has(name.split('.').pop())).map((r) => r.label);
  return labels.length > 0 ? labels.map((label) => ({ name, route: label })) : [{ name }];
}

/**
 * Every reference a file makes to a rule: [{ rulesFile, rule, name, route? }]. For a rules file
 * itself (`own`), its exported names are the bindings.
 */
function referencesOf(file, sf, rulesFiles, rulesOf, { own, withPlaces = false } = {}) {
  const named = new Map(); // local name -> { target, rule }
  const namespaces = new Map(); // local name -> target
  if (own) {
    for (const rule of rulesOf.get(file)) named.set(rule, { target: file, rule });
    for (const [local, rule] of own.aliases) named.set(local, { target: file, rule });
  }
  const fail = (node, what) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    throw new Error(`${file}:${line + 1}: ${what} of a rules module is not indexed`);
  };
  const visitImports = (n) => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const target = resolveRulesModule(file, n.moduleSpecifier.text, rulesFiles);
      const clause = n.importClause;
      if (target && clause && !clause.isTypeOnly) {
        if (clause.name) fail(n, 'a default import');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, target);
        else if (bindings) {
          for (const spec of bindings.elements) {
            const rule = (spec.propertyName ?? spec.name).text;
            if (!spec.isTypeOnly && rulesOf.get(target).includes(rule)) {
              named.set(spec.name.text, { target, rule });
            }
          }
        }
      }
    } else if (
      ts.isExportDeclaration(n) &&
      n.moduleSpecifier &&
      ts.isStringLiteral(n.moduleSpecifier)
    ) {
      if (resolveRulesModule(file, n.moduleSpecifier.text, rulesFiles)) fail(n, 'a re-export');
    } else if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteralLike(n.arguments[0]) &&
      resolveRulesModule(file, n.arguments[0].text, rulesFiles)
    ) {
      fail(n, 'a dynamic import');
    }
    ts.forEachChild(n, visitImports);
  };
  visitImports(sf);
  if (named.size === 0 && namespaces.size === 0) return [];

  const routes = withPlaces ? routesOfFile(sf) : [];
  const shadows = new Map();
  const found = [];
  const record = (id, asType, target, rules) => {
    const places = withPlaces && !asType ? placeOf(id, routes) : [{}];
    for (const rule of rules) {
      for (const place of places) found.push({ target, rule, asType, ...place });
    }
  };
  const visit = (n) => {
    if (ts.isIdentifier(n) && (named.has(n.text) || namespaces.has(n.text))) {
      // A rules file's own `export { a as b }` exports the rule; it does not use it.
      const kind = own && ts.isExportSpecifier(n.parent) ? undefined : referenceKind(n);
      if (kind && !isShadowed(n, shadows)) {
        const asType = kind === 'type';
        if (named.has(n.text)) {
          const { target, rule } = named.get(n.text);
          record(n, asType, target, [rule]);
        } else {
          const target = namespaces.get(n.text);
          const p = n.parent;
          let member;
          if (ts.isPropertyAccessExpression(p)) member = p.name.text;
          else if (ts.isQualifiedName(p)) member = p.right.text;
          else if (
            ts.isElementAccessExpression(p) &&
            ts.isStringLiteralLike(p.argumentExpression)
          ) {
            member = p.argumentExpression.text;
          }
          const all = rulesOf.get(target);
          const rules = member === undefined ? all : all.filter((rule) => rule === member);
          record(n, asType, target, rules);
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function buildIndex() {
  const rulesFileList = sourceFiles(DOMAIN).filter((file) => file.endsWith('.rules.ts'));
  const rulesFiles = new Set(rulesFileList);
  const rulesOf = new Map();
  const parsed = new Map();
  const aliasesOf = new Map();
  for (const file of rulesFileList) {
    const sf = parse(file);
    parsed.set(file, sf);
    aliasesOf.set(file, new Map());
    rulesOf.set(file, exportedRules(file, sf, aliasesOf.get(file)));
  }
  const key = (target, rule) => `${target}#${rule}`;
  const serverUses = new Map(); // key -> Set of entries
  const otherUses = new Map(); // key -> Set of labels ('web', 'own file', domain file, 'tests')
  const addTo = (map, k, value) => map.set(k, (map.get(k) ?? new Set()).add(value));

  const scanned = [SERVER, WEB, DOMAIN, 'e2e', 'bench'].flatMap(sourceFiles);
  for (const file of scanned) {
    const own = rulesFiles.has(file) ? { aliases: aliasesOf.get(file) } : undefined;
    let sf = parsed.get(file);
    if (!sf) {
      const text = readFileSync(path.join(root, file), 'utf8');
      // A file that names no rules module cannot reference a rule: not parsed.
      if (!text.includes('.rules')) continue;
      sf = parse(file, text);
    }
    const server = file.startsWith(`${SERVER}/`) && !isTest(file);
    const refs = referencesOf(file, sf, rulesFiles, rulesOf, { own, withPlaces: server });
    for (const ref of refs) {
      const k = key(ref.target, ref.rule);
      if (server && !ref.asType) {
        const where = `\`${file}\` \`${ref.name}\``;
        addTo(serverUses, k, ref.route ? `${where} (\`${ref.route}\`)` : where);
        continue;
      }
      let label;
      if (isTest(file) || file.startsWith('e2e/') || file.startsWith('bench/')) label = 'tests';
      else if (server) label = 'server';
      else if (file.startsWith(`${WEB}/`)) label = 'web';
      else if (file === ref.target) label = 'own file';
      else if (file.startsWith(`${DOMAIN}/`)) label = `\`${file.slice(DOMAIN.length + 1)}\``;
      else continue;
      addTo(otherUses, k, ref.asType && label !== 'tests' ? `${label} as a type` : label);
    }
  }
  return { rulesFileList, rulesOf, serverUses, otherUses, key };
}

function renderSection(index) {
  const { rulesFileList, rulesOf, serverUses, otherUses, key } = index;
  const total = rulesFileList.reduce((sum, file) => sum + rulesOf.get(file).length, 0);
  const called = [...serverUses.keys()].length;
  const lines = [
    START,
    '## Index: every server-side rule and the code paths that call it (generated)',
    '',
    'Generated by `node scripts/rules-index.mjs` from the source (do not edit by hand); `npm test` fails when it is stale.',
    `It lists, for each of the ${rulesFileList.length} rules files in \`packages/domain/src\` (headings are paths relative to it), ` +
      `the exported functions and constants the server references (${called} of ${total}) and where: ` +
      'the file in `apps/server/src` (tests left out), the nearest named function, method or top-level ' +
      'variable around the reference, and the route when the reference is in, or reached from, a route ' +
      "handler of the same file (with the `/api` prefix app.ts gives every module's routes; the `*Pages` " +
      'plugins serve at the root). A reference in a type only (`typeof rule`) is not a call. ' +
      'The rules the server never references are listed at the end.',
    '',
  ];
  const unused = [];
  for (const file of rulesFileList) {
    const short = file.slice(DOMAIN.length + 1);
    lines.push(`### ${short}`, '');
    const rules = rulesOf.get(file);
    const rows = rules.filter((rule) => serverUses.has(key(file, rule)));
    if (rows.length === 0) {
      lines.push('The server references none of its rules.', '');
    } else {
      lines.push('| rule | called by |', '|---|---|');
      for (const rule of rows) {
        const entries = [...serverUses.get(key(file, rule))].sort(byText);
        lines.push(`| \`${rule}\` | ${entries.join('<br>')} |`);
      }
      lines.push('');
    }
    const rest = rules.filter((rule) => !serverUses.has(key(file, rule)));
    if (rest.length > 0) {
      const described = rest.map((rule) => {
        const uses = [...(otherUses.get(key(file, rule)) ?? [])];
        const order = (use) =>
          ['server', 'web'].includes(use.split(' ')[0]) ? 0 : use.startsWith('own file') ? 2 : 1;
        const sorted = (list) => list.sort((a, b) => order(a) - order(b) || byText(a, b));
        const values = uses.filter((use) => use !== 'tests' && !use.endsWith(' as a type'));
        const types = uses.filter((use) => use.endsWith(' as a type'));
        let label = 'unused';
        if (values.length > 0) label = sorted(values).join(', ');
        else if (uses.includes('tests')) label = 'tests only';
        else if (types.length > 0) label = sorted(types).join(', ');
        return `\`${rule}\` (${label})`;
      });
      unused.push(`- \`${short}\`: ${described.join('; ')}`);
    }
  }
  lines.push(
    '### Web only / internal: the rules the server never references',
    '',
    'Each with who uses it: `web` (apps/web/src), another domain file (which the server may reach through it, ' +
      'e.g. a schema of an `.api.ts` file), `own file` (used beside its definition), `as a type` ' +
      '(`typeof` it in a type only), `tests only` (unit, e2e or bench), or `unused`.',
    '',
    ...(unused.length > 0 ? unused : ['None: the server references every rule.']),
    '',
    END,
  );
  return lines.join('\n');
}

/** The document's text with the section replaced (or appended at the end). */
function withSection(doc, section) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1 || end < start) return `${doc.trimEnd()}\n\n${section}\n`;
  return `${doc.slice(0, start)}${section}${doc.slice(end + END.length)}`;
}

/** The section's parts (preamble, then one per ### heading) that differ between two texts. */
function differingParts(expected, actual) {
  const parts = (text) => {
    const map = new Map();
    let heading = '(the section heading and introduction)';
    for (const line of text.split('\n')) {
      if (line.startsWith('### ')) heading = line;
      map.set(heading, [...(map.get(heading) ?? []), line]);
    }
    return map;
  };
  const want = parts(expected);
  const have = parts(actual);
  const out = [];
  for (const heading of new Set([...want.keys(), ...have.keys()])) {
    const a = want.get(heading);
    const b = have.get(heading);
    if (!a) out.push(`${heading}: not expected (a rules file removed or renamed?)`);
    else if (!b) out.push(`${heading}: missing`);
    else if (a.join('\n') !== b.join('\n')) {
      const i = a.findIndex((line, n) => line !== b[n]);
      const at = i === -1 ? a.length : i;
      out.push(
        `${heading}:\n    expected: ${a[at] ?? '(nothing)'}\n    found:    ${b[at] ?? '(nothing)'}`,
      );
    }
  }
  return out;
}

const check = process.argv.includes('--check');
const started = Date.now();
const index = buildIndex();
const section = renderSection(index);
const docFile = path.join(root, DOC);
const doc = readFileSync(docFile, 'utf8');
const next = withSection(doc, section);
const ms = Date.now() - started;

if (check) {
  if (next === doc) {
    console.log(`${DOC}: the rules index is up to date (${ms} ms).`);
    process.exit(0);
  }
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  console.error(`${DOC}: the rules index is stale.`);
  if (start === -1 || end === -1) console.error(`  the markers ${START} and ${END} are missing`);
  else {
    const actual = doc.slice(start, end + END.length);
    for (const part of differingParts(section, actual)) console.error(`  ${part}`);
  }
  console.error('Run `node scripts/rules-index.mjs` to regenerate it.');
  process.exit(1);
}

if (next === doc) console.log(`${DOC}: the rules index is up to date (${ms} ms).`);
else {
  writeFileSync(docFile, next);
  console.log(`${DOC}: the rules index rewritten (${ms} ms).`);
}
