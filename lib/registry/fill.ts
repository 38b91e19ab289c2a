/**
 * Fills a registry offer in: the person's values into the URL's `{variables}` and the declared
 * headers. Runs in the panel, at the person's click (the host access request that follows
 * needs the click), so it carries no URL analysis (tldts stays in the worker): the offer's URL
 * was judged there before it was shown, and a value cannot change its scheme — each is
 * percent-encoded, so no `/`, `@` or `:` in a value moves the host either. Nor may a value move
 * the request to another path on the same host (`pathProblems`).
 */
import { type InputField, type RemoteOffer, VARIABLE } from './offer';
import { isolated, isolatedUrl, t, tn } from '../i18n';
import { formatList } from '../i18n/format';

export interface FilledRemote {
  url: string;
  headers: Record<string, string>;
}

/** What a field sends: the publisher's fixed value, else the person's, else the default. */
const sentValue = (field: InputField, values: Record<string, string>) => field.fixed ?? (values[field.name]?.trim() || field.default || '');

/** The URL variables' values as sent, by name. */
const variableValues = (remote: RemoteOffer, values: Record<string, string>) =>
  Object.fromEntries(remote.variables.map((field) => [field.name, sentValue(field, prefixed(values, 'var:'))]));

/**
 * WHATWG URL, path state: a segment the parser takes out, with the one before it for a double
 * one: `.` and `..`, and their percent-encoded forms (`%2e`, `.%2E`, `%2e%2e`, …), which it
 * takes out all the same.
 */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** `text` percent-decoded once, as a server that decodes its path reads it; as it is where it does not decode. */
function decodedOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The `/`-separated parts of the template's path, without its query and fragment. */
function pathSegments(urlTemplate: string): string[] {
  const start = urlTemplate.indexOf('/', urlTemplate.indexOf('//') + 2);
  if (start < 0) return [];
  const path = urlTemplate.slice(start).split(/[?#]/, 1)[0]!;
  return path.split('/').slice(1);
}

/**
 * What is wrong, by variable, with values that would move the request to another path on the
 * same host: each is percent-encoded into the URL, but a whole segment of `.` or `..` is taken
 * out by the URL parser itself (`/t/{tenant}/mcp` with `..` is `/mcp`), and a `/` or `\` (sent
 * as `%2F`, `%5C`) is read as a new segment by servers that decode their path first; their
 * percent-encoded forms too, typed as such. Empty when nothing is.
 */
export function pathProblems(remote: RemoteOffer, values: Record<string, string>): Record<string, string> {
  const variables = variableValues(remote, values);
  const problems: Record<string, string> = {};
  for (const segment of pathSegments(remote.urlTemplate)) {
    const names = [...segment.matchAll(VARIABLE)].map(([, name = '']) => name).filter((name) => variables[name]);
    for (const name of names) if (/[/\\]/.test(decodedOnce(variables[name]!))) problems[name] ??= t('registry.fill.slash', { name: isolated(name) });
    const filled = segment.replace(VARIABLE, (whole, name: string) => variables[name] || whole);
    if (names.length > 0 && (DOT_SEGMENT.test(filled) || DOT_SEGMENT.test(decodedOnce(filled))))
      for (const name of names) problems[name] ??= t('registry.fill.dotSegment', { names: formatList(names.map(isolated)), value: isolated(filled) });
  }
  return problems;
}

/**
 * The URL and headers of `remote` with the person's `values` (keyed `var:<name>`,
 * `header:<name>` and `header:<name>/<variable>`, as the form names its fields: a variable and
 * a header may share a name).
 * @throws Error naming every required field left empty, a value that would move the request to
 * another path (`pathProblems`), or an address left unfilled.
 */
export function fillRemote(remote: RemoteOffer, values: Record<string, string>): FilledRemote {
  const variables = variableValues(remote, values);
  const headerValues = prefixed(values, 'header:');
  const missing = [
    ...remote.variables.filter((field) => field.isRequired && !variables[field.name]).map((field) => field.name),
    ...remote.headers.flatMap((field) =>
      field.variables
        ? field.variables
            .filter((part) => part.isRequired && !sentValue(part, prefixed(headerValues, `${field.name}/`)))
            .map((part) => `${part.name} (${field.name})`)
        : field.isRequired && !sentValue(field, headerValues)
          ? [field.name]
          : [],
    ),
  ];
  if (missing.length > 0) throw new Error(tn('registry.fill.missing', missing.length, { fields: formatList(missing.map(isolated)) }));
  const [problem] = Object.values(pathProblems(remote, values));
  if (problem) throw new Error(problem);
  const url = remote.urlTemplate.replace(VARIABLE, (whole, name: string) => (variables[name] ? encodeURIComponent(variables[name]) : whole));
  const unfilled = url.match(VARIABLE);
  if (unfilled) throw new Error(tn('registry.fill.unfilled', unfilled.length, { variables: formatList(unfilled.map(isolated)) }));
  if (!URL.canParse(url)) throw new Error(t('registry.fill.notWebAddress', { url: isolatedUrl(url) }));
  const headers: Record<string, string> = {};
  for (const field of remote.headers) {
    const value = field.variables ? headerTemplate(field, field.variables, prefixed(headerValues, `${field.name}/`)) : sentValue(field, headerValues);
    if (value) headers[field.name] = value;
  }
  return { url, headers };
}

/** A header's publisher-set value with the person's `{variables}` in it (as typed: a header is not a URL). */
function headerTemplate(header: InputField, parts: InputField[], values: Record<string, string>): string {
  const declared = new Map(parts.map((part) => [part.name, sentValue(part, values)]));
  const value = (header.fixed ?? '').replace(VARIABLE, (whole, name: string) => declared.get(name) || whole);
  const unfilled = [...value.matchAll(VARIABLE)].filter(([, name = '']) => declared.has(name)).map(([whole]) => whole);
  // A header the publisher does not require is left out rather than sent half-filled.
  if (unfilled.length > 0 && !header.isRequired) return '';
  if (unfilled.length > 0)
    throw new Error(
      tn('registry.fill.headerUnfilled', unfilled.length, { header: isolated(header.name), variables: formatList(unfilled.map(isolated)) }),
    );
  return value;
}

function prefixed(values: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(values).flatMap(([key, value]) => (key.startsWith(prefix) ? [[key.slice(prefix.length), value]] : [])));
}
