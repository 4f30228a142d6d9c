/**
 * Which service files talk to CouchDB themselves rather than through a typed store (issue 25: "typed
 * per-document stores under couch/, services as orchestration"). A file counts when it imports a
 * value from `couch/` other than the stores (`couch/stores/`, a domain's `stores/`) and new ids
 * (`couch/ids.ts`), or opens a database itself (`.use(`). Type-only imports do not
 * count: naming `Couch` or `DocWrite` reads nothing. Tests and the domains' `stores/` folders are
 * not service files.
 * Run: npx tsx scripts/direct-couch-services.ts [--list]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVICES = fileURLToPath(new URL('../sync-server/src/services/', import.meta.url));
const COUCH = fileURLToPath(new URL('../sync-server/src/couch/', import.meta.url));

/** Modules of `couch/` whose values a service may use without reading or writing CouchDB. */
const NOT_IO = [path.join(COUCH, 'stores') + path.sep, path.join(COUCH, 'ids.ts')];

const IMPORT = /import\s+(type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+|\w+)(?:\s*,\s*\{([^}]*)\})?\s+from\s+'([^']+)'/g;
const OPENS_DATABASE = /\.use(?:<[^>]*>)?\(/;

function serviceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'stores' ? [] : serviceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The names a file takes as values from `couch/` outside the stores, with their module. */
function directReasons(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const reasons: string[] = [];
  for (const [, typeOnly, named = '', more = '', from] of source.matchAll(IMPORT)) {
    if (typeOnly || !from!.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), from!);
    if (!target.startsWith(COUCH) || NOT_IO.some((ok) => target.startsWith(ok))) continue;
    const values = `${named},${more}`
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '));
    if (values.length) reasons.push(`${path.relative(COUCH, target)}: ${values.join(', ')}`);
  }
  if (OPENS_DATABASE.test(source)) reasons.push('opens a database');
  return reasons;
}

const files = serviceFiles(SERVICES).sort();
const direct = files.map((f) => [path.relative(SERVICES, f), directReasons(f)] as const).filter(([, r]) => r.length);
if (process.argv.includes('--list'))
  for (const [file, reasons] of direct) console.log(`${file}\n  ${reasons.join('\n  ')}`);
console.log(`${direct.length} of ${files.length} service files talk to CouchDB directly`);
