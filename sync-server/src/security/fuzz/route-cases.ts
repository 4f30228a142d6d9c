/**
 * Fuzzed requests for any route of Hapi's route table: who calls, the path with its parameters, the
 * query and the body, each drawn from the route's own joi schemas where it has them, then broken at
 * the level of HTTP too (broken JSON, wrong content types, bodies over the route's limit).
 */
import type { Server } from '@hapi/hapi';
import fc from 'fast-check';
import { ACCOUNT_KINDS, ROLES, type AccountKind } from '@mastr/rules/roles.ts';
import {
  fuzzArbitrary,
  hostileKey,
  hostileValue,
  type ArbitraryOptions,
  type JoiDescription,
} from './joi-arbitraries.ts';

export interface RouteUnderTest {
  method: string;
  path: string;
  /** Who the route admits: nobody needs a token, tokens of these kinds, or any valid token. */
  admits: 'anyone' | AccountKind[] | 'any-token';
  params?: JoiDescription;
  query?: JoiDescription;
  payload?: JoiDescription;
  /** The joi schemas themselves, to tell beforehand which requests they refuse. */
  schemas: { params?: Validator; query?: Validator; payload?: Validator };
  /** Largest body the route takes. */
  maxBytes: number;
}

interface Validator {
  validate(value: unknown): { error?: unknown };
}

/** Who makes the call: a signed-in party of a kind, nobody, or a token no server signed. */
type Caller = AccountKind | 'anonymous' | 'forged';

export interface FuzzRequest {
  caller: Caller;
  /** The path with its parameters filled in, and the query (with its '?', or ''). */
  url: string;
  payload?: string;
  contentType?: string;
  remoteAddress: string;
  /**
   * True when the request is refused before any handler runs, whatever the state: a caller the
   * route does not admit, a body over its limit, or values its own joi schemas refuse. (False is
   * "the handler decides".)
   */
  refusedUpFront: boolean;
}

interface RouteSettings {
  auth?: false | { strategies?: string[]; mode?: string; access?: Array<{ scope?: { selection?: string[] } }> };
  validate?: { params?: unknown; query?: unknown; payload?: unknown };
  payload?: { maxBytes?: number };
}

const validatorOf = (schema: unknown): Validator | undefined =>
  schema && typeof (schema as { validate?: unknown }).validate === 'function' ? (schema as Validator) : undefined;

const describeOf = (schema: unknown): JoiDescription | undefined =>
  schema && typeof (schema as { describe?: unknown }).describe === 'function'
    ? ((schema as { describe(): JoiDescription }).describe() as JoiDescription)
    : undefined;

const kindOfRole = (code: string) => ACCOUNT_KINDS.find((kind) => String(ROLES[kind]) === code);

/** Every route the server registers, as the fuzzer sees it (new routes join by themselves). */
const isOptional = (mode: string | undefined) => mode === 'try' || mode === 'optional';

export function routesOf(server: Server, defaultMaxBytes: number): RouteUnderTest[] {
  return server.table().map((route) => {
    const settings = route.settings as RouteSettings;
    const scopes = settings.auth ? (settings.auth.access?.[0]?.scope?.selection ?? []) : [];
    const kinds = scopes.map(kindOfRole).filter((kind): kind is AccountKind => kind !== undefined);
    return {
      method: route.method.toUpperCase(),
      path: route.path,
      // Only the access-token strategy is ours to predict; another (bell's Google redirect) admits anyone,
      // and so does one that only reads a token when sent ('try' or 'optional': a public gym's page).
      admits:
        !(settings.auth && settings.auth.strategies?.includes('access')) || isOptional(settings.auth.mode)
          ? 'anyone'
          : kinds.length
            ? kinds
            : 'any-token',
      params: describeOf(settings.validate?.params),
      query: describeOf(settings.validate?.query),
      payload: describeOf(settings.validate?.payload),
      schemas: {
        params: validatorOf(settings.validate?.params),
        query: validatorOf(settings.validate?.query),
        payload: validatorOf(settings.validate?.payload),
      },
      maxBytes: settings.payload?.maxBytes ?? defaultMaxBytes,
    };
  });
}

/** Mostly the kinds the route admits, sometimes anyone else. */
function callerArbitrary(route: RouteUnderTest): fc.Arbitrary<Caller> {
  const others = fc.constantFrom<Caller>('anonymous', 'forged', ...ACCOUNT_KINDS);
  if (route.admits === 'anyone') return fc.oneof({ arbitrary: fc.constant<Caller>('anonymous'), weight: 3 }, others);
  const own = route.admits === 'any-token' ? ACCOUNT_KINDS : route.admits;
  return fc.oneof({ arbitrary: fc.constantFrom<Caller>(...own), weight: 6 }, { arbitrary: others, weight: 1 });
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

/** Percent-encodes, writing a lone surrogate (which encodeURIComponent refuses) as the bytes of one. */
function encodeSegment(value: string): string {
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** A drawn value as sent, and as the route's schema will see it (`undefined`: unknown, e.g. raw). */
interface Drawn {
  text: string;
  value?: unknown;
}

/** A path parameter: from its schema, or from the world's ids and hostile strings; encoded or raw. */
function segmentArbitrary(schema: JoiDescription | undefined, options: ArbitraryOptions): fc.Arbitrary<Drawn> {
  const value = schema
    ? fuzzArbitrary(schema, options).map(asText)
    : fc.oneof(
        { arbitrary: fc.constantFrom(...(options.knownStrings ?? ['x'])), weight: 4 },
        { arbitrary: hostileValue().map(asText), weight: 1 },
      );
  const encoded = value.map((text): Drawn => ({ text: encodeSegment(text), value: text }));
  const raw = fc
    .constantFrom('..', '.', '%', '%zz', '%00', '%2F', 'a/b', '%E0%A4%A', '~', '*')
    .map((text): Drawn => ({ text }));
  return fc.oneof({ arbitrary: encoded, weight: 9 }, { arbitrary: raw, weight: 1 });
}

/** The path, and its parameters' values when every one was sent encoded (so the schema sees them as drawn). */
function pathArbitrary(route: RouteUnderTest, options: ArbitraryOptions): fc.Arbitrary<Drawn> {
  const parts = route.path.split(/(\{[^}]+\})/);
  const drawn = parts.map((part): fc.Arbitrary<Drawn & { name?: string }> => {
    const param = /^\{(\w+)(\*\d*|\?)?\}$/.exec(part);
    if (!param) return fc.constant({ text: part });
    const segment = segmentArbitrary(route.params?.keys?.[param[1]], options).map((d) => ({ ...d, name: param[1] }));
    if (!param[2]?.startsWith('*')) return segment;
    return fc
      .array(segment, { minLength: 1, maxLength: 3 })
      .map((segments) => ({ text: segments.map((d) => d.text).join('/'), name: param[1] }));
  });
  return fc.tuple(...drawn).map((pieces) => {
    const params = pieces.filter((piece) => piece.name !== undefined);
    const known = params.every((piece) => piece.value !== undefined);
    return {
      text: pieces.map((piece) => piece.text).join(''),
      value: known ? Object.fromEntries(params.map((piece) => [piece.name, piece.value])) : undefined,
    };
  });
}

/** Query names clients send somewhere (CouchDB's, paging, prototype keys) when the route names none. */
const QUERY_NAMES = ['since', 'limit', 'feed', 'include_docs', 'keys', 'timeout', 'filter', 'page', 'q', '__proto__'];

function queryArbitrary(route: RouteUnderTest, options: ArbitraryOptions): fc.Arbitrary<Drawn> {
  const values = route.query
    ? fuzzArbitrary(route.query, options)
    : fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), hostileKey()), hostileValue(), { maxKeys: 3 });
  const encoded = values.map((query): Drawn => {
    if (typeof query !== 'object' || query === null) return { text: `?${encodeSegment(asText(query))}` };
    const pairs = Object.entries(query).map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(asText(v))}`);
    return { text: pairs.length ? `?${pairs.join('&')}` : '' };
  });
  const raw = fc
    .constantFrom('?%zz', '?&&&=', '?a[b][c]=1', '?__proto__[polluted]=1', '?a=1&a=2', '?=')
    .map((text): Drawn => ({ text }));
  return fc.oneof(
    { arbitrary: fc.constant<Drawn>({ text: '', value: {} }), weight: 3 },
    { arbitrary: encoded, weight: 3 },
    { arbitrary: raw, weight: 1 },
  );
}

const JSON_TYPE = 'application/json';

/** A JSON text broken in one of the ways clients and proxies break it. */
function brokenJson(text: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat(Math.max(0, text.length - 1)).map((cut) => text.slice(0, cut)),
    fc.constant(`${text}}`),
    fc.constant(`\uFEFF${text}`),
    fc.constant(text.replace(/"/g, "'")),
    fc.constantFrom(
      '{"a": NaN}',
      '{"a": Infinity}',
      '{"a": undefined}',
      '{a: 1}',
      '[1,]',
      '{"a":1,,}',
      '{"a":"\\ud800"}',
    ),
    fc.constantFrom('{"__proto__": {"isAdmin": true}}', '{"constructor": {"prototype": {"isAdmin": true}}}'),
  );
}

/** Other content types, each with a body of its kind. */
const FOREIGN_BODIES: Array<[string, string]> = [
  ['text/plain', '{"a": 1}'],
  ['application/x-www-form-urlencoded', 'a=1&__proto__[isAdmin]=true'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['multipart/form-data', 'no boundary'],
  ['application/octet-stream', '\u0000\u0001\u0002'],
  ['application/xml', '<a>1</a>'],
  ['application/json; charset=utf-16', '{"a": 1}'],
  ['application/*', '{}'],
  ['text/html', '<script>1</script>'],
];

interface DrawnBody {
  payload?: string;
  contentType?: string;
  /** Refused whatever the route's state: broken or foreign where a schema wants JSON, or over the limit. */
  refused: boolean;
}

/** The body: the route's schema fuzzed (or any JSON when it has none), sometimes broken as HTTP. */
function bodyArbitrary(route: RouteUnderTest, options: ArbitraryOptions): fc.Arbitrary<DrawnBody> {
  if (route.method === 'GET') return fc.constant({ refused: false });
  const schema = route.schemas.payload;
  const value = route.payload
    ? fuzzArbitrary(route.payload, options)
    : fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 3 }), hostileValue());
  const json = value.map((v): DrawnBody => {
    if (v === undefined) return { refused: false };
    const payload = JSON.stringify(v);
    // As the server will parse it (NaN and the infinities become null on the way).
    return { payload, contentType: JSON_TYPE, refused: !!schema?.validate(JSON.parse(payload)).error };
  });
  const broken = value
    .map((v) => JSON.stringify(v ?? {}))
    .chain(brokenJson)
    .map((payload): DrawnBody => ({ payload, contentType: JSON_TYPE, refused: !!schema }));
  const foreign = fc
    .constantFrom(...FOREIGN_BODIES)
    .map(([contentType, payload]): DrawnBody => ({ payload, contentType, refused: !!schema }));
  // Made when drawn, not when the arbitrary is built: megabytes for each of a hundred routes otherwise.
  const oversized = fc.constant(route.maxBytes).map((maxBytes): DrawnBody => ({
    payload: `{"a":"${'x'.repeat(maxBytes)}"}`,
    contentType: JSON_TYPE,
    refused: true,
  }));
  const emptyJson = fc.constant<DrawnBody>({ payload: '', contentType: JSON_TYPE, refused: false });
  return fc.oneof(
    { arbitrary: json, weight: 16 },
    { arbitrary: broken, weight: 2 },
    { arbitrary: foreign, weight: 2 },
    { arbitrary: emptyJson, weight: 1 },
    // A body over the route's limit: rare, it costs megabytes each time.
    { arbitrary: oversized, weight: route.maxBytes > 2 * 1024 * 1024 ? 0 : 1 },
  );
}

const admitted = (route: RouteUnderTest, caller: Caller) =>
  route.admits === 'anyone' ||
  (caller !== 'anonymous' && caller !== 'forged' && (route.admits === 'any-token' || route.admits.includes(caller)));

/** One fuzzed request to the route. */
export function requestArbitrary(route: RouteUnderTest, options: ArbitraryOptions): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      caller: callerArbitrary(route),
      path: pathArbitrary(route, options),
      query: queryArbitrary(route, options),
      body: bodyArbitrary(route, options),
      remoteAddress: fc.ipV4(),
    })
    .map(({ caller, path, query, body, remoteAddress }) => {
      const refusedBy = (schema: Validator | undefined, drawn: Drawn) =>
        !!schema && drawn.value !== undefined && !!schema.validate(drawn.value).error;
      return {
        caller,
        url: `${path.text}${query.text}`,
        payload: body.payload,
        contentType: body.contentType,
        remoteAddress,
        refusedUpFront:
          !admitted(route, caller) ||
          body.refused ||
          refusedBy(route.schemas.params, path) ||
          refusedBy(route.schemas.query, query),
      };
    });
}
