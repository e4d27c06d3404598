import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Finds, in the backend's source, every text a client can be answered with: what is given to an HTTP exception
 * (`error`, `message`, each of `fields`) and to a validator's `message` option. A text is followed back through
 * the constants, the template literals and the helper functions it is built with, so a message built as
 * `` `An active tax rate for ${abbreviation} already exists` `` is found as that sentence with a hole where the
 * value goes (HOLE). What cannot be followed (a value read from an object at run time) is reported as dynamic, with
 * where it is, so the suite can name where such texts come from instead of silently missing them.
 */
export const HOLE = '\u0000';

export interface FoundMessage {
  /** The text with HOLE where a value is put in at run time. */
  pattern: string;
  /** file:line of the sink the text reaches. */
  where: string;
}

export interface ScanResult {
  messages: FoundMessage[];
  /** Sinks whose text could not be followed to any literal: `file:line expression`. */
  dynamic: string[];
}

interface SourceFile {
  path: string;
  file: ts.SourceFile;
}

const MESSAGE_KEYS = new Set(['error', 'message']);
const CARRIED_KEYS = new Set(['error', 'message', 'failureMessage', 'tooLarge', 'busyMessage']);
/** Errors that never reach a client: the configuration read at start-up. */
const INTERNAL_ERRORS = new Set(['ConfigError']);
const MAX_VARIANTS = 64;

export function sourceFiles(root: string): Array<{ path: string; text: string }> {
  const found: Array<{ path: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.ts') &&
        !/\.spec(-support)?\.ts$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts')
      )
        found.push({ path, text: readFileSync(path, 'utf8') });
    }
  };
  walk(root);
  return found;
}

export function scanMessages(files: Array<{ path: string; text: string }>, root = '/'): ScanResult {
  const parsed: SourceFile[] = files.map(({ path, text }) => ({
    path,
    file: ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS),
  }));
  const byPath = new Map(parsed.map((f) => [f.path, f]));
  const messages: FoundMessage[] = [];
  const dynamic: string[] = [];
  const where = (node: ts.Node) => {
    const sf = node.getSourceFile();
    return `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  /** The declaration `name` refers to from `from`: a const or function in scope, or one imported. */
  const declarationOf = (name: string, from: ts.Node, seen = new Set<string>()): ts.Node | undefined => {
    const sf = from.getSourceFile();
    // A parameter of an enclosing function.
    for (let n: ts.Node | undefined = from; n; n = n.parent) {
      if (ts.isFunctionLike(n)) {
        const param = n.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
        if (param) return param;
        for (const p of n.parameters) {
          if (ts.isObjectBindingPattern(p.name)) {
            const element = p.name.elements.find((e) => ts.isIdentifier(e.name) && e.name.text === name);
            if (element) return element;
          }
        }
      }
    }
    // A const in an enclosing block or the file (the nearest one before use is good enough for this source).
    let found: ts.Node | undefined;
    for (let n: ts.Node | undefined = from.parent; n && !found; n = n.parent) {
      if (ts.isBlock(n) || ts.isSourceFile(n) || ts.isModuleBlock(n)) {
        for (const statement of n.statements) {
          if (ts.isVariableStatement(statement)) {
            for (const d of statement.declarationList.declarations) {
              if (ts.isIdentifier(d.name) && d.name.text === name) found = d;
            }
          } else if (
            (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
            statement.name?.text === name
          ) {
            found = statement;
          }
        }
      }
    }
    if (found) return found;
    // Imported from another file of the source.
    const key = `${sf.fileName}#${name}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    for (const statement of sf.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((e) => e.name.text === name);
      if (!element) continue;
      const target = moduleFile(sf.fileName, statement.moduleSpecifier.text);
      if (target) return exported(target, (element.propertyName ?? element.name).text, seen);
    }
    return undefined;
  };

  const moduleFile = (fromPath: string, specifier: string): SourceFile | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const base = resolve(dirname(fromPath), specifier).replace(/\.js$/, '');
    return byPath.get(`${base}.ts`) ?? byPath.get(join(base, 'index.ts'));
  };

  const exported = (target: SourceFile, name: string, seen: Set<string>): ts.Node | undefined => {
    for (const statement of target.file.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.name.text === name) return d;
      }
      if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name)
        return statement;
    }
    for (const statement of target.file.statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
      if (!ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const clause = statement.exportClause;
      const next = moduleFile(target.path, statement.moduleSpecifier.text);
      if (!next) continue;
      if (!clause) {
        const inner = exported(next, name, seen);
        if (inner) return inner;
      } else if (ts.isNamedExports(clause)) {
        const element = clause.elements.find((e) => e.name.text === name);
        if (element) return exported(next, (element.propertyName ?? element.name).text, seen);
      }
    }
    return undefined;
  };

  /** Every call of the function `fn` in the source, for following a parameter back to its arguments. */
  const callsOf = (fn: ts.Node): ts.CallExpression[] => {
    const name = functionName(fn);
    if (!name) return [];
    const calls: ts.CallExpression[] = [];
    // A method is called on `this` in its own file; a function or class may be called from anywhere.
    const method = ts.isMethodDeclaration(fn);
    for (const { file } of parsed) {
      if (!file.text.includes(name) || (method && file !== fn.getSourceFile())) continue;
      const visit = (n: ts.Node): void => {
        if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && calleeName(n.expression) === name) {
          const target = ts.isIdentifier(n.expression) ? declarationOf(name, n) : undefined;
          const viaThis =
            ts.isPropertyAccessExpression(n.expression) && n.expression.expression.kind === ts.SyntaxKind.ThisKeyword;
          if (method ? viaThis : ts.isIdentifier(n.expression) && target === fnDeclaration(fn))
            calls.push(n as ts.CallExpression);
        }
        ts.forEachChild(n, visit);
      };
      visit(file);
    }
    return calls;
  };

  /** The texts `expr` can be; HOLE for what is only known at run time. Empty when nothing could be followed. */
  const texts = (expr: ts.Expression, depth = 0, whole = true): string[] => {
    if (depth > 12) return [HOLE];
    const unknown = () => {
      if (whole) dynamic.push(`${where(expr)} ${expr.getText()}`);
      return [HOLE];
    };
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isNonNullExpression(expr))
      return texts(expr.expression, depth + 1, whole);
    if (ts.isConditionalExpression(expr))
      return [...texts(expr.whenTrue, depth + 1, whole), ...texts(expr.whenFalse, depth + 1, whole)];
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return combine([texts(expr.left, depth + 1, false), texts(expr.right, depth + 1, false)]);
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
      return [...texts(expr.left, depth + 1, whole), ...texts(expr.right, depth + 1, whole)];
    if (
      ts.isCallExpression(expr) &&
      ts.isPropertyAccessExpression(expr.expression) &&
      expr.expression.name.text === 'replace' &&
      expr.arguments.length === 2 &&
      ts.isStringLiteral(expr.arguments[0])
    ) {
      // A constant sentence with a value put in its place (`ACCOUNT_LOCKED.replace('15 minutes', ...)`).
      const search = expr.arguments[0].text;
      const replacements = texts(expr.arguments[1], depth + 1, false);
      return texts(expr.expression.expression, depth + 1, whole).flatMap((text) =>
        replacements.map((replacement) => text.replace(search, replacement)),
      );
    }
    if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) {
      // A helper that builds the sentence: what its body returns.
      const declaration = declarationOf(expr.expression.text, expr);
      const fn =
        declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
          ? declaration.initializer
          : declaration;
      if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn)) && fn.body) {
        const returned: ts.Expression[] = [];
        if (!ts.isBlock(fn.body)) returned.push(fn.body);
        else {
          const visit = (n: ts.Node): void => {
            if (ts.isReturnStatement(n) && n.expression) returned.push(n.expression);
            if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
          };
          ts.forEachChild(fn.body, visit);
        }
        if (returned.length > 0) return returned.flatMap((r) => texts(r, depth + 1, whole));
      }
      return unknown();
    }
    if (ts.isTemplateExpression(expr)) {
      const parts: string[][] = [[expr.head.text]];
      for (const span of expr.templateSpans) {
        const inner = texts(span.expression, depth + 1, false);
        // A value woven into a sentence (a number, a list) is a hole unless it is itself a fixed text.
        parts.push(inner.every((t) => t === HOLE) || inner.length === 0 ? [HOLE] : inner);
        parts.push([span.literal.text]);
      }
      return combine(parts);
    }
    if (ts.isIdentifier(expr)) {
      const declaration = declarationOf(expr.text, expr);
      if (!declaration) return unknown();
      if (ts.isVariableDeclaration(declaration)) {
        if (!declaration.initializer) return unknown();
        return texts(declaration.initializer, depth + 1, whole);
      }
      if (ts.isParameter(declaration)) {
        const fn = ts.isFunctionLike(declaration.parent) ? declaration.parent : undefined;
        if (!fn) return unknown();
        const index = fn.parameters.indexOf(declaration);
        const values = callsOf(fn).flatMap((call) => {
          const arg = call.arguments?.[index];
          return arg ? texts(arg, depth + 1, whole) : [];
        });
        // A default value is a text too (`constructor(error = POOL_BUSY)`).
        if (declaration.initializer) values.push(...texts(declaration.initializer, depth + 1, whole));
        return values.length > 0 ? values : unknown();
      }
      return unknown();
    }
    return unknown();
  };

  const record = (expr: ts.Expression, sink = true) => {
    for (const pattern of new Set(texts(expr, 0, sink))) {
      // Only holes and punctuation (`${a}; ${b}`), or a field's name before one: the texts put in are found where
      // they are written. A bare snake_case word is a code (`card_declined`), not a sentence.
      const bare = pattern.replaceAll(HOLE, '{}');
      if (!/[A-Za-z\u0400-\u04ff]/.test(bare) || /^[a-z_]+(: \{\})?$/.test(bare)) continue;
      messages.push({ pattern, where: where(expr) });
    }
  };

  /** An exception's argument: a sentence, or `{ error, message, fields }`. */
  const recordPayload = (arg: ts.Expression) => {
    if (ts.isObjectLiteralExpression(arg)) {
      for (const property of arg.properties) {
        if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
          if (MESSAGE_KEYS.has(property.name.text)) record(property.initializer);
          if (property.name.text === 'fields' && ts.isObjectLiteralExpression(property.initializer)) {
            for (const field of property.initializer.properties)
              if (ts.isPropertyAssignment(field)) record(field.initializer);
          }
        } else if (ts.isShorthandPropertyAssignment(property) && MESSAGE_KEYS.has(property.name.text)) {
          record(property.name);
        }
      }
    } else if (!ts.isIdentifier(arg) || !/^HttpStatus/.test(arg.text)) {
      record(arg);
    }
  };

  const errorClasses = new Set<string>();
  const ownClasses = new Set<string>();
  for (const { file } of parsed) {
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const name = statement.name.text;
      ownClasses.add(name);
      const base = statement.heritageClauses?.[0]?.types[0]?.expression;
      if (base && calleeName(base) === 'Error' && !INTERNAL_ERRORS.has(name)) errorClasses.add(name);
    }
  }
  for (const { file } of parsed) {
    const visit = (n: ts.Node): void => {
      // Nest's exceptions take the answer's body; one of the source's own builds it in its `super` call, read below.
      const exception = ts.isNewExpression(n) ? (calleeName(n.expression) ?? '') : '';
      if (ts.isNewExpression(n) && /Exception$/.test(exception) && !ownClasses.has(exception) && n.arguments?.[0]) {
        recordPayload(n.arguments[0]);
      }
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.SuperKeyword && n.arguments[0]) {
        const cls = enclosingClass(n);
        const base = cls?.heritageClauses?.[0]?.types[0]?.expression;
        if (base && /Exception$/.test(calleeName(base) ?? '')) recordPayload(n.arguments[0]);
      }
      // An error of the source's own whose message an answer passes on (`error.message`).
      if (ts.isNewExpression(n) && n.arguments && errorClasses.has(calleeName(n.expression) ?? '')) {
        for (const arg of n.arguments) if (!ts.isNumericLiteral(arg)) record(arg, false);
      }
      // A text handed on in an object (`{ message }` of a row's problem, `{ error }` of a check's outcome).
      if (
        ts.isPropertyAssignment(n) &&
        ts.isIdentifier(n.parent.parent) === false &&
        ts.isObjectLiteralExpression(n.parent)
      ) {
        const key = ts.isIdentifier(n.name) || ts.isStringLiteral(n.name) ? n.name.text : '';
        if (CARRIED_KEYS.has(key) && !insideSink(n)) record(n.initializer, false);
      }
      // A validator's `{ message }` option (a decorator's argument).
      if (ts.isDecorator(n) && ts.isCallExpression(n.expression)) {
        for (const arg of n.expression.arguments) {
          if (!ts.isObjectLiteralExpression(arg)) continue;
          for (const property of arg.properties) {
            if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'message')
              record(property.initializer);
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(file);
  }
  return { messages, dynamic: [...new Set(dynamic)] };
}

/** Inside an exception's or a decorator's arguments, which are read as sinks already. */
function insideSink(n: ts.Node): boolean {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
    if (ts.isNewExpression(p) && /Exception$/.test(calleeName(p.expression) ?? '')) return true;
    if (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.SuperKeyword) return true;
    if (ts.isDecorator(p)) return true;
    if (ts.isFunctionLike(p) || ts.isSourceFile(p)) return false;
  }
  return false;
}

function combine(parts: string[][]): string[] {
  let out = [''];
  for (const options of parts) {
    out = out.flatMap((prefix) => options.map((option) => prefix + option));
    if (out.length > MAX_VARIANTS) out = out.slice(0, MAX_VARIANTS);
  }
  // Holes side by side are one value as far as a reader can tell.
  return out.map((text) => {
    let merged = text;
    while (merged.includes(HOLE + HOLE)) merged = merged.replaceAll(HOLE + HOLE, HOLE);
    return merged;
  });
}

function calleeName(expr: ts.Expression): string | undefined {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return undefined;
}

function enclosingClass(n: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) if (ts.isClassLike(p)) return p;
  return undefined;
}

/** The name a function is called by: its own, or the const it is assigned to. */
function functionName(fn: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name))
    return fn.name.text;
  if (ts.isConstructorDeclaration(fn)) return enclosingClass(fn)?.name?.text;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent))
    return ts.isIdentifier(fn.parent.name) ? fn.parent.name.text : undefined;
  return undefined;
}

/** What a call's identifier resolves to for the function `fn`: its declaration or the const holding it. */
function fnDeclaration(fn: ts.Node): ts.Node | undefined {
  if (ts.isConstructorDeclaration(fn)) return enclosingClass(fn);
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent)) return fn.parent;
  return fn;
}
