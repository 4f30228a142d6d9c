/**
 * fast-check arbitraries read from a joi schema's own description (`schema.describe()`), so every
 * route is fuzzed from the schema it validates with, and a new route or field is fuzzed as soon as
 * it exists. `validArbitrary` makes values that look right (they reach the services);
 * `fuzzArbitrary` makes them and then breaks them: wrong types, missing and extra fields, huge
 * strings, deep nesting, prototype keys, hostile unicode, odd numbers and far dates.
 */
import fc from 'fast-check';

/** The part of joi's description these arbitraries read (joi types it as `any`). */
export interface JoiDescription {
  type: string;
  flags?: { presence?: 'required' | 'optional' | 'forbidden'; only?: boolean; default?: unknown };
  rules?: Array<{ name: string; args?: Record<string, unknown> }>;
  allow?: unknown[];
  keys?: Record<string, JoiDescription>;
  items?: JoiDescription[];
  matches?: Array<{ schema?: JoiDescription; then?: JoiDescription; otherwise?: JoiDescription }>;
  metas?: Array<Record<string, unknown>>;
}

export interface ArbitraryOptions {
  /** Today's UK date ('YYYY-MM-DD'): dates are drawn around it, so some fall in the routes' windows. */
  today: string;
  /**
   * Strings the world under test holds (ids of its accounts, passes, requests): a string field whose
   * pattern one of them matches often takes it, so requests reach past "not found".
   */
  knownStrings?: readonly string[];
}

const ruleArg = (desc: JoiDescription, name: string, arg = 'limit') =>
  desc.rules?.find((rule) => rule.name === name)?.args?.[arg] as number | undefined;

/** Joi describes a pattern as '/source/flags'. */
function regexOf(described: string): RegExp {
  const slash = described.lastIndexOf('/');
  return new RegExp(described.slice(1, slash), described.slice(slash + 1));
}

/** fast-check cannot generate lookaheads: drop them and generate from what the pattern still requires. */
function generablePattern(regex: RegExp): RegExp {
  return new RegExp(regex.source.replace(/\(\?[=!](?:[^()\\]|\\.)*\)/g, ''), regex.flags);
}

const formatOf = (desc: JoiDescription) => desc.metas?.find((meta) => typeof meta.format === 'string')?.format;

function addDays(dateKey: string, days: number): string {
  const date = new Date(`${dateKey}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A date around today, as the calendar date or one of the date-time forms clients send. */
function calendarDateArbitrary(today: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: -10, max: 40 }), fc.nat(3), fc.integer({ min: 0, max: 23 }))
    .map(([days, form, hour]) => {
      const date = addDays(today, days);
      const hh = String(hour).padStart(2, '0');
      return [date, `${date}T${hh}:00:00`, `${date}T${hh}:00:00.000Z`, `${date}T${hh}:30:00+01:00`][form];
    });
}

/** Values made for fields whose rule is custom code joi cannot describe (named by `.meta({ format })`). */
const FORMATS: Record<string, (options: ArbitraryOptions) => fc.Arbitrary<unknown>> = {
  'calendar-date': (options) => calendarDateArbitrary(options.today),
  'uk-mobile': () => fc.stringMatching(/^07\d{9}$/),
  pounds: () =>
    fc.oneof(
      fc.integer({ min: 0, max: 500 }),
      fc.integer({ min: 0, max: 50_000 }).map((pence) => (pence / 100).toFixed(2)),
    ),
};

function stringArbitrary(desc: JoiDescription, options: ArbitraryOptions): fc.Arbitrary<string> {
  const max = ruleArg(desc, 'max') ?? 60;
  const min = ruleArg(desc, 'min') ?? 0;
  const pattern = ruleArg(desc, 'pattern', 'regex') as unknown as string | undefined;
  const allowed = (desc.allow ?? []).filter((value): value is string => typeof value === 'string');
  let made: fc.Arbitrary<string>;
  if (pattern) {
    const regex = regexOf(pattern);
    const known = (options.knownStrings ?? []).filter((value) => regex.test(value));
    const generated = fc.stringMatching(generablePattern(regex)).filter((value) => value.length <= max);
    made = known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, generated) : generated;
  } else {
    made = fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(max, 60) });
  }
  return allowed.length ? fc.oneof(made, fc.constantFrom(...allowed)) : made;
}

function numberArbitrary(desc: JoiDescription): fc.Arbitrary<number> {
  const min = ruleArg(desc, 'min') ?? -1_000;
  const max = ruleArg(desc, 'max') ?? 100_000;
  if (desc.rules?.some((rule) => rule.name === 'integer')) return fc.integer({ min, max });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(
  desc: JoiDescription,
  child: (desc: JoiDescription) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  if (!desc.keys) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  const entries = Object.entries(desc.keys);
  const required = entries.filter(([, key]) => key.flags?.presence === 'required').map(([name]) => name);
  return fc.record(Object.fromEntries(entries.map(([name, key]) => [name, child(key)])), { requiredKeys: required });
}

/** A value the schema should accept (close enough: custom rules only hinted by `format`). */
export function validArbitrary(desc: JoiDescription, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const allowed = desc.allow ?? [];
  if (desc.flags?.only && allowed.length) return fc.constantFrom(...allowed);
  const format = formatOf(desc);
  if (typeof format === 'string' && FORMATS[format]) return FORMATS[format](options);
  const valid = (inner: JoiDescription) => validArbitrary(inner, options);
  switch (desc.type) {
    case 'string':
      return stringArbitrary(desc, options);
    case 'number':
      return numberArbitrary(desc);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return calendarDateArbitrary(options.today);
    case 'object':
      return objectArbitrary(desc, valid);
    case 'array':
      return fc.array(desc.items?.length ? fc.oneof(...desc.items.map(valid)) : fc.jsonValue({ maxDepth: 1 }), {
        maxLength: 4,
      });
    case 'alternatives': {
      const options_ = (desc.matches ?? []).flatMap((match) =>
        [match.schema, match.then, match.otherwise].filter((d): d is JoiDescription => d !== undefined),
      );
      return options_.length ? fc.oneof(...options_.map(valid)) : fc.jsonValue({ maxDepth: 2 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Keys that reach prototypes when code copies them carelessly. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/**
 * Strings that have broken servers: NUL, lone surrogates (JSON.stringify writes them as escapes, the
 * parser gives them back), right-to-left overrides, path and query tricks, operator objects' text.
 */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Egnp.exe',
  '\u200F\u0627\u0644\u0639\u0631\u0628\u064A\u0629',
  'Z\u0351\u0357\u0364\u0306',
  '\uFEFF',
  '\uFFFF',
  '💥'.repeat(30),
  '../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '_design/x',
  '_local/x',
  '$gt',
  "'; DROP TABLE x; --",
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x1F',
  '__proto__',
  'constructor',
] as const;

/** Far and odd dates: beyond what a Date holds, year zero, leap days that are not, the epoch. */
const FAR_DATES = [
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-14',
  '-271821-04-19T00:00:00Z',
  '0000-01-01',
  '0000-00-00',
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01',
  '1970-01-01T00:00:00Z',
  '2026-02-29',
  '2026-02-30T10:00Z',
  '2026-13-01T00:00:00Z',
  '2026-11-21T24:00:00',
  '2026-11-21T10:00:00+99:99',
] as const;

/** NaN and the infinities travel as `null` in JSON; they are here for queries, params and raw bodies. */
const ODD_NUMBERS = [
  0,
  -0,
  -1,
  -86_400,
  0.5,
  1e-9,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1.7976931348623157e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
] as const;

/** An object with own `__proto__`/`constructor`/`prototype` keys (as JSON.parse makes them). */
function prototypeKeysObject(): fc.Arbitrary<unknown> {
  return fc
    .subarray([...PROTOTYPE_KEYS], { minLength: 1 })
    .map((keys) => JSON.parse(`{${keys.map((key) => `"${key}": {"isAdmin": true, "polluted": "yes"}`).join(',')}}`));
}

/** Arrays or objects nested up to thousands deep (a recursive walk of them would overflow the stack). */
export function deeplyNested(maxDepth = 2_000): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.integer({ min: 20, max: maxDepth }), fc.boolean())
    .map(([depth, arrays]) =>
      JSON.parse(
        arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      ),
    );
}

/** Strings of 10,000 to 300,000 characters, plain or of astral characters. */
export function hugeString(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: 10_000, max: 300_000 }), fc.constantFrom('x', 'é', '😀', '\u0000', '%'))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
}

/** Any one wrong thing in place of a value. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...FAR_DATES, ...ODD_NUMBERS, null, true, false),
      weight: 6,
    },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
    { arbitrary: fc.oneof(fc.double(), fc.integer(), fc.bigInt().map(String)), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
    { arbitrary: hugeString(), weight: 1 },
    { arbitrary: deeplyNested(), weight: 1 },
    { arbitrary: prototypeKeysObject(), weight: 1 },
    { arbitrary: fc.array(fc.constantFrom<unknown>(...HOSTILE_STRINGS), { maxLength: 5 }), weight: 1 },
  );
}

/** Keys a client should not send: prototype keys, operators, CouchDB's own fields, unicode. */
export function hostileKey(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...PROTOTYPE_KEYS, '$where', '_id', '_rev', '_deleted', 'admin', 'amount', '', '\u0000', '\uD800'),
    fc.string({ unit: 'binary', maxLength: 12 }),
  );
}

/** Sets own properties, `__proto__` included, without touching any prototype. */
function withOwn(target: Record<string, unknown>, entries: Array<[string, unknown]>): Record<string, unknown> {
  for (const [key, value] of entries)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/**
 * A value for the schema, valid or broken: per field, sometimes valid, sometimes wrong; objects
 * sometimes lose a field or gain hostile ones, at every depth.
 */
export function fuzzArbitrary(desc: JoiDescription, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const valid = validArbitrary(desc, options);
  if (desc.type === 'object' && desc.keys) {
    const names = Object.keys(desc.keys);
    const broken = fc
      .tuple(
        objectArbitrary(desc, (inner) => fuzzArbitrary(inner, options)),
        fc.option(fc.constantFrom(...names), { freq: 4 }),
        fc.array(fc.tuple(hostileKey(), hostileValue()), { maxLength: 2 }),
      )
      .map(([object, dropped, extra]) => {
        const copy = withOwn({}, Object.entries(object));
        if (dropped !== null) delete copy[dropped];
        return withOwn(copy, extra);
      });
    return fc.oneof(
      { arbitrary: valid, weight: 2 },
      { arbitrary: broken, weight: 5 },
      { arbitrary: hostileValue(), weight: 1 },
    );
  }
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostileValue(), weight: 1 });
}
