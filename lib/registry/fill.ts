/**
 * Fills a registry offer in: the person's values into the URL's `{variables}` and the declared
 * headers. Runs in the panel, at the person's click (the host access request that follows
 * needs the click), so it carries no URL analysis (tldts stays in the worker): the offer's URL
 * was judged there before it was shown, and a value cannot change its scheme — each is
 * percent-encoded, so no `/`, `@` or `:` in a value moves the host either.
 */
import { type InputField, type RemoteOffer, VARIABLE } from './offer';

export interface FilledRemote {
  url: string;
  headers: Record<string, string>;
}

/** What a field sends: the publisher's fixed value, else the person's, else the default. */
const sentValue = (field: InputField, values: Record<string, string>) => field.fixed ?? (values[field.name]?.trim() || field.default || '');

/**
 * The URL and headers of `remote` with the person's `values` (keyed `var:<name>`,
 * `header:<name>` and `header:<name>/<variable>`, as the form names its fields: a variable and
 * a header may share a name).
 * @throws Error naming every required field left empty, or an address left unfilled.
 */
export function fillRemote(remote: RemoteOffer, values: Record<string, string>): FilledRemote {
  const variables = Object.fromEntries(remote.variables.map((field) => [field.name, sentValue(field, prefixed(values, 'var:'))]));
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
  if (missing.length > 0)
    throw new Error(`Fill in ${missing.join(', ')} first: the publisher marks ${missing.length === 1 ? 'it' : 'them'} required.`);
  const url = remote.urlTemplate.replace(VARIABLE, (whole, name: string) => (variables[name] ? encodeURIComponent(variables[name]) : whole));
  const unfilled = url.match(VARIABLE);
  if (unfilled) throw new Error(`The address still has ${unfilled.join(', ')} in it; give ${unfilled.length === 1 ? 'it a value' : 'them values'}.`);
  if (!URL.canParse(url)) throw new Error(`With these values the address (${url}) is not a web address.`);
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
      `The ${header.name} header still has ${unfilled.join(', ')} in it; give ${unfilled.length === 1 ? 'it a value' : 'them values'}.`,
    );
  return value;
}

function prefixed(values: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(values).flatMap(([key, value]) => (key.startsWith(prefix) ? [[key.slice(prefix.length), value]] : [])));
}
