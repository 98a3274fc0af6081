// The house's figures (#54): lines per room (folder of src/), imports between rooms and whether any runs against
// the dependency rule, import circles between files, the longest files and functions, the translator's regular
// expressions and exported names defined twice. `node scripts/house.mjs` prints them; `--json` for a script.
// Read with the TypeScript compiler's parser, so a string or a comment is never taken for code.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

/** Which room may import which: a room's imports must be in its list (itself aside). */
const MAY_IMPORT = {
  cli: ['app', 'client', 'config', 'domain', 'formats', 'sandbox'],
  app: ['client', 'config', 'domain', 'formats'],
  client: ['domain', 'formats'],
  config: ['domain'],
  sandbox: ['domain', 'formats'],
  domain: [],
  formats: ['domain'],
  types: [],
};

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(src);
const roomOf = (file) => relative(src, file).split('/')[0].replace(/\.ts$/, '');
const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const imports = new Map(); // file -> Set(file)
const functions = []; // {file, name, lines}
const exported = new Map(); // name -> Set(file)
const rooms = new Map(); // room -> lines
const sizes = [];
let regexRules = 0;
// #72 point 1: the CLI is a face; what the product does with the server is src/app's (deps.app runs it)
const CLIENT_CALL = /client\.[a-zA-Z]+\.[a-zA-Z]+\(|deps\.client\(\)/g;
const clientCalls = new Map(); // src/cli file -> calls
const clientsMade = []; // src/cli files that make a client of their own

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = lineCount(text);
  sizes.push({ file: relative(root, file), lines });
  rooms.set(roomOf(file), (rooms.get(roomOf(file)) ?? 0) + lines);
  if (roomOf(file) === 'cli') {
    const calls = text.match(CLIENT_CALL)?.length ?? 0;
    if (calls > 0) clientCalls.set(relative(root, file), calls);
    if (/\bcreateClient\(/.test(text)) clientsMade.push(relative(root, file));
  }
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const targets = new Set();
  const lineOf = (pos) => tree.getLineAndCharacterOfPosition(pos).line;
  const visit = (node) => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : undefined;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      targets.add(resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts')));
    }
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)
    ) {
      const length = lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
      const name =
        node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : '');
      if (length > 100)
        functions.push({ file: relative(root, file), name: name || '(anonymous)', lines: length });
    }
    if (ts.isRegularExpressionLiteral(node) && /i18n-pt/.test(file)) regexRules++;
    ts.forEachChild(node, visit);
  };
  visit(tree);
  imports.set(file, targets);
  for (const statement of tree.statements) {
    const isExported = ts.getCombinedModifierFlags(statement) & ts.ModifierFlags.Export;
    if (!isExported) continue;
    // types are point 3's (every record type derived from its schema); here, the values a reader could confuse
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText())
      : statement.name
        ? [statement.name.getText()]
        : [];
    for (const name of names) {
      if (!exported.has(name)) exported.set(name, new Set());
      exported.get(name).add(relative(root, file));
    }
  }
}

// arrows between rooms, and those the rule does not allow
const arrows = new Map();
for (const [file, targets] of imports) {
  for (const target of targets) {
    const from = roomOf(file);
    const to = roomOf(target);
    if (from === to) continue;
    const key = `${from} -> ${to}`;
    arrows.set(key, (arrows.get(key) ?? 0) + 1);
  }
}
const against = [...arrows.keys()].filter((key) => {
  const [from, to] = key.split(' -> ');
  return !(MAY_IMPORT[from] ?? []).includes(to);
});
// the CLI reaches into the sandbox only to start one: its sandbox command and the demo
const SANDBOX_STARTERS = ['src/cli/commands/sandbox.ts', 'src/cli/commands/demo.ts'];
for (const [file, targets] of imports) {
  if (roomOf(file) !== 'cli' || SANDBOX_STARTERS.includes(relative(root, file))) continue;
  for (const target of targets)
    if (roomOf(target) === 'sandbox') against.push(`${relative(root, file)} -> ${relative(root, target)}`);
}

// files whose names are imported from a command module other than itself
const commandsImportingCommands = [];
for (const [file, targets] of imports) {
  if (!file.includes('/cli/commands/')) continue;
  for (const target of targets) {
    if (target.includes('/cli/commands/') && target !== file) {
      commandsImportingCommands.push(`${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
}

// circles: strongly connected components of more than one file (Tarjan)
const circles = [];
{
  let index = 0;
  const stack = [];
  const meta = new Map();
  const strong = (v) => {
    meta.set(v, { index, low: index, on: true });
    index++;
    stack.push(v);
    for (const w of imports.get(v) ?? []) {
      if (!imports.has(w)) continue;
      if (!meta.has(w)) {
        strong(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).on) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).on = false;
        component.push(relative(root, w));
      } while (w !== v);
      if (component.length > 1) circles.push(component);
    }
  };
  for (const file of imports.keys()) if (!meta.has(file)) strong(file);
}

const figures = {
  lines: sizes.reduce((sum, s) => sum + s.lines, 0),
  rooms: Object.fromEntries([...rooms].sort((a, b) => b[1] - a[1])),
  arrows: Object.fromEntries([...arrows].sort()),
  against_the_rule: against,
  commands_importing_commands: commandsImportingCommands,
  circles,
  files_over_600: sizes.filter((s) => s.lines > 600).sort((a, b) => b.lines - a.lines),
  functions_over_150: functions.filter((f) => f.lines > 150).sort((a, b) => b.lines - a.lines),
  largest_function: functions.sort((a, b) => b.lines - a.lines)[0],
  translator_regex_rules: regexRules,
  client_calls_in_cli: Object.fromEntries([...clientCalls].sort()),
  clients_made_in_cli: clientsMade.sort(),
  exported_twice: [...exported]
    .filter(([, where]) => where.size > 1)
    .map(([name, where]) => `${name}: ${[...where].join(', ')}`),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  console.log(`src/: ${figures.lines} lines in ${files.length} files`);
  console.log(
    `rooms: ${Object.entries(figures.rooms)
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}`,
  );
  console.log(
    `arrows between rooms: ${Object.entries(figures.arrows)
      .map(([a, n]) => `${a} (${n})`)
      .join(', ')}`,
  );
  console.log(`against the rule: ${figures.against_the_rule.join(', ') || 'none'}`);
  console.log(
    `command modules importing each other: ${figures.commands_importing_commands.join(', ') || 'none'}`,
  );
  console.log(`circles: ${figures.circles.map((c) => c.join(' <-> ')).join('; ') || 'none'}`);
  console.log(
    `files over 600 lines: ${figures.files_over_600.map((s) => `${s.file} ${s.lines}`).join(', ') || 'none'}`,
  );
  console.log(
    `functions over 150 lines: ${figures.functions_over_150.map((f) => `${f.file}:${f.name} ${f.lines}`).join(', ') || 'none'}`,
  );
  console.log(`translator's regular expressions: ${figures.translator_regex_rules}`);
  const calls = Object.entries(figures.client_calls_in_cli);
  console.log(
    `client calls in src/cli: ${calls.reduce((n, [, c]) => n + c, 0)} (${calls.map(([f, c]) => `${f} ${c}`).join(', ') || 'none'}); clients made there: ${figures.clients_made_in_cli.join(', ') || 'none'}`,
  );
  console.log(
    `exported functions and values of one name in two files: ${figures.exported_twice.join('; ') || 'none'}`,
  );
}
