/**
 * What each route's code does to AWS, read from the source rather than from the route table: the
 * least-privilege test compares it with the role CDK builds from `needs`.
 *
 * Each handler is bundled with esbuild (tree-shaken, packages left external) with the shared
 * middleware left out, so the bundle holds the route's own code and what it imports, and not the
 * repository functions of other routes. Of that bundle only the top-level declarations reachable from
 * the module's own statements are kept (reachableCode): a dependency object such as
 * `staffDeps = { createUser, disableUser, … }` keeps a member only where the member's name is used,
 * so retiring a staff member does not count as creating one. What is left is scanned for:
 * - ElectroDB writes (`<Entity>.create/put/update/patch/upsert/delete/remove(`, also through the
 *   aliases of a transaction callback), split into business entities and the housekeeping entities
 *   Session, RateLimit and PasswordReset;
 * - writes the middleware makes for the route: the audit record (`audit:` in the route's spec) and
 *   the stored idempotent answer (`idempotent: true`);
 * - reads (`<Entity>.get/query/find/match/batchGet`), and the session read of every route that
 *   authenticates (roles, or `optionalAuth`);
 * - the SES SendEmail call of functions/shared/mail.ts (reached through services/notify.ts);
 * - the AWS SDK commands it constructs (`new XxxCommand(`) from the Cognito and DynamoDB clients.
 *   Unsigned Cognito calls (InitiateAuth, RespondToAuthChallenge, RevokeToken, the TOTP calls with
 *   the user's access token) go through fetch in shared/auth/cognito-public.ts and need no IAM.
 */
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { RouteDef } from '../../functions/routes';
import { PROJECT_ROOT } from '../../lib/constructs/api-function';
import { BUNDLE_DEFINE } from '../../lib/constructs/bundle-options';

/** Entities whose items a read route may still write, under their own key prefixes (see `needs`). */
export const HOUSEKEEPING_ENTITIES = [
  'Session',
  'RateLimit',
  'PasswordReset',
  'WorkStatusDigest',
  'ClosingChecklistDigest',
  // The platform's mail outbox (`mailout#platform`): the public reset route stores the code's mail there.
  'PlatformMail',
] as const;

export interface RouteCode {
  /** Entities the route's own code writes. */
  readonly writes: ReadonlySet<string>;
  /** Whether the route reads table items (its own queries, or the session check of the middleware). */
  readonly reads: boolean;
  /** Writes to entities other than the housekeeping ones (audit and idempotency records included). */
  readonly businessWrites: boolean;
  /** Writes to session / rate-limit items only. */
  readonly housekeepingWrites: boolean;
  /** `cognito-idp:<Action>` for every Cognito SDK command the route constructs. */
  readonly cognitoActions: ReadonlySet<string>;
  /** `dynamodb:<Action>` for every DynamoDB SDK command the route constructs directly. */
  readonly dynamodbCommands: ReadonlySet<string>;
  /** Whether the route can send mail: functions/shared/mail.ts's SES SendEmail call is reachable (via notify). */
  readonly sendsMail: boolean;
}

const MIDDLEWARE = path.join(PROJECT_ROOT, 'functions/shared/middleware.ts');

/** ElectroDB schema names: `export const Xxx = createSchema(` anywhere under functions/. */
export function entityNames(): string[] {
  const names: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        for (const m of readFileSync(full, 'utf8').matchAll(/export const (\w+) = createSchema\(/g)) names.push(m[1]!);
      }
    }
  };
  walk(path.join(PROJECT_ROOT, 'functions'));
  return names;
}

/** The middleware is the same for every route; what it does per route is read from the spec. */
const middlewareExternal: Plugin = {
  name: 'middleware-external',
  setup(b) {
    b.onResolve({ filter: /middleware(\.js)?$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      return resolved === MIDDLEWARE ? { path: args.path, external: true } : undefined;
    });
  },
};

const WRITE_METHODS = 'create|put|update|patch|upsert|delete|remove';
const READ_METHODS = 'get|query|find|match|batchGet|scan';
const DYNAMODB_WRITE_COMMANDS = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'Put',
  'Update',
  'Delete',
  'BatchWrite',
  'TransactWrite',
]);

/** Bundles every route's handler once and scans each bundle. */
export async function analyseRoutes(routes: readonly RouteDef[]): Promise<Map<string, RouteCode>> {
  const entities = entityNames();
  const entityAlt = entities.join('|');
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: Object.fromEntries(routes.map((r) => [r.name, r.handler])),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    treeShaking: true,
    // What ships: the Lambda bundles drop the local in-process worker branches (the import route's
    // worker, with its Cognito calls, is its own function there).
    define: BUNDLE_DEFINE,
    minify: false,
    outdir: 'route-code',
    plugins: [middlewareExternal],
    logLevel: 'silent',
  });
  const byName = new Map(result.outputFiles.map((f) => [path.basename(f.path, '.js'), f.text]));
  const out = new Map<string, RouteCode>();
  for (const route of routes) {
    const bundle = byName.get(route.name);
    if (bundle === undefined) throw new Error(`No bundle for ${route.name}`);
    const code = reachableCode(bundle);
    // Aliases: `write(({ AttendanceDay: day, Idempotency: stored }) => …` and `const jobs = db().entities.ExportJob;`
    const alias = new Map<string, string>();
    for (const m of code.matchAll(/\(\{([^}]*)\}\)\s*=>/g)) {
      for (const pair of m[1]!.matchAll(new RegExp(`\\b(${entityAlt})\\s*:\\s*([A-Za-z_$][\\w$]*)`, 'g')))
        alias.set(pair[2]!, pair[1]!);
    }
    for (const m of code.matchAll(
      new RegExp(`(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*=[^;\\n]*\\bentities\\.(${entityAlt})\\s*;`, 'g'),
    )) {
      alias.set(m[1]!, m[2]!);
    }
    const receivers = [...entities, ...alias.keys()].map((n) => n.replace(/\$/g, '\\$')).join('|');
    const entityOf = (receiver: string) => alias.get(receiver) ?? receiver.replace(/\d+$/, '');

    const writes = new Set<string>();
    for (const m of code.matchAll(
      new RegExp(`(?<![\\w$])(${receivers})\\d*\\s*\\.\\s*(?:${WRITE_METHODS})\\s*\\(`, 'g'),
    )) {
      writes.add(entityOf(m[1]!));
    }
    // Written by the middleware for this route, as its spec asks.
    if (/\baudit:\s*[`'"]/.test(code)) writes.add('AuditEvent');
    if (/\bidempotent:\s*true\b/.test(code)) writes.add('Idempotency');

    // esbuild may rename a destructured import (`AdminCreateUserCommand2`): strip the digits.
    const constructed = new Set([...code.matchAll(/\bnew\s+(\w+?Command)\d*\s*\(/g)].map((m) => m[1]!));
    const sent = (pkg: string) =>
      [...bundle.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg}["']`, 'g'))]
        .flatMap((m) => m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!))
        .filter((n) => constructed.has(n))
        .map((n) => n.replace(/Command$/, ''));
    const cognitoActions = new Set(sent('@aws-sdk/client-cognito-identity-provider').map((c) => `cognito-idp:${c}`));
    const dynamodbCommands = new Set(
      [...sent('@aws-sdk/client-dynamodb'), ...sent('@aws-sdk/lib-dynamodb')].map((c) => `dynamodb:${c}`),
    );
    const rawWrite = [...dynamodbCommands].some((c) => DYNAMODB_WRITE_COMMANDS.has(c.slice('dynamodb:'.length)));

    const authenticates = route.roles.length > 0 || /\boptionalAuth:\s*true\b/.test(code);
    const reads =
      authenticates ||
      new RegExp(`(?<![\\w$])(${receivers})\\d*\\s*\\.\\s*(?:${READ_METHODS})\\b`).test(code) ||
      writes.size > 0;
    const businessWrites =
      rawWrite || [...writes].some((e) => !(HOUSEKEEPING_ENTITIES as readonly string[]).includes(e));
    out.set(route.name, {
      writes,
      reads,
      businessWrites,
      housekeepingWrites: !businessWrites && writes.size > 0,
      cognitoActions,
      dynamodbCommands,
      sendsMail: code.includes('/v2/email/outbound-emails'),
    });
  }
  return out;
}

/**
 * The part of a (non-minified) esbuild bundle reachable from its top-level statements. Top-level
 * declarations are found by their unindented first line; an identifier naming one links to it. An
 * object literal declared at top level links to a member only when the member's key is used by
 * reached code (or the object is indexed, `obj[…]`): that is how injectable dependency objects stay
 * precise. Over-approximates (any mention of a name counts), never drops a call that can run.
 */
function reachableCode(bundle: string): string {
  interface Chunk {
    names: string[];
    text: string;
    members?: Map<string, string>;
  }
  const chunks: Chunk[] = [];
  for (const line of bundle.split('\n')) {
    const last = chunks.at(-1);
    if (last && (line === '' || /^[\s})\]]/.test(line))) {
      last.text += `\n${line}`;
      continue;
    }
    const fn = /^(?:export\s+)?(?:async\s+)?function\*?\s+([\w$]+)/.exec(line);
    const cls = /^(?:export\s+)?class\s+([\w$]+)/.exec(line);
    const decl = /^(?:export\s+)?(?:var|let|const)\s+([\w$]+)\s*=/.exec(line);
    const bare = /^(?:var|let|const)\s+([\w$\s,]+);\s*$/.exec(line);
    const names = fn
      ? [fn[1]!]
      : cls
        ? [cls[1]!]
        : decl
          ? [decl[1]!]
          : bare
            ? bare[1]!.split(',').map((n) => n.trim())
            : [];
    chunks.push({ names, text: line });
  }
  for (const chunk of chunks) {
    const object = /^(?:export\s+)?(?:var|let|const)\s+[\w$]+\s*=\s*\{([\s\S]*)\}\s*;?\s*$/.exec(chunk.text);
    if (object) chunk.members = objectMembers(object[1]!);
  }
  const byName = new Map(chunks.flatMap((c) => c.names.map((n) => [n, c] as const)));
  const reached = new Set<Chunk>();
  const usedMembers = new Map<Chunk, Set<string>>();
  const texts: string[] = [];
  const queue: string[] = chunks
    .filter((c) => c.names.length === 0 && !/^(import|\/\/)/.test(c.text))
    .map((c) => c.text);
  const visitText = (text: string) => {
    texts.push(text);
    for (const [, word] of text.matchAll(/([A-Za-z_$][\w$]*)/g)) {
      const chunk = byName.get(word!);
      if (!chunk || reached.has(chunk)) continue;
      reached.add(chunk);
      if (chunk.members) usedMembers.set(chunk, new Set());
      else queue.push(chunk.text);
    }
  };
  for (;;) {
    while (queue.length) visitText(queue.shift()!);
    // Members of reached objects whose key reached code mentions (or all, when the object is indexed).
    const all = texts.join('\n');
    let more = false;
    for (const [chunk, used] of usedMembers) {
      const indexed = chunk.names.some((n) => new RegExp(`(?<![\\w$])${n.replace(/\$/g, '\\$')}\\s*\\[`).test(all));
      for (const [key, value] of chunk.members!) {
        if (
          used.has(key) ||
          !(indexed || key.startsWith('#') || new RegExp(`(?<![\\w$])${key.replace(/\$/g, '\\$')}(?![\\w$])`).test(all))
        )
          continue;
        used.add(key);
        queue.push(value);
        more = true;
      }
    }
    if (!more) break;
  }
  return texts.join('\n');
}

/** `key: value` / `key,` / `key() {…}` entries of an object literal's body, split at depth 0. */
function objectMembers(body: string): Map<string, string> {
  const members = new Map<string, string>();
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  const entries: string[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      entries.push(body.slice(start, i));
      start = i + 1;
    }
  }
  entries.push(body.slice(start));
  for (const entry of entries) {
    const m = /^\s*(?:async\s+)?["']?([\w$]+)["']?\s*(?::|\(|$)/.exec(entry);
    if (m) members.set(m[1]!, entry);
    // A spread or computed key cannot be matched by name: always followed (`#` never matches a word).
    else if (entry.trim()) members.set(`#${members.size}`, entry);
  }
  return members;
}
