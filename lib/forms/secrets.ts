/**
 * Spotting form fields that ask for a secret. Spec 2025-11-25 client/elicitation: servers
 * MUST NOT use form mode to request sensitive information, so a field that looks like a
 * password or key is a reason to warn the person, not to refuse: the heuristic is a guess.
 */

/** Words that are a secret wherever they appear in a name: `newPassword`, `db_passwd`. */
const SECRET_PARTS = /pass(word|wd|phrase)|apikey/;
/** Head nouns that are a secret: `access_token`, `githubtoken`, `client_secret`. */
const SECRET_HEADS = /(token|secret)$/;
/** Words that, before `key`, make it a secret: `api_key`, `x-api-key`, `privateKey`, `secret_key`. */
const KEY_QUALIFIERS = new Set(['api', 'private', 'secret', 'signing', 'encryption', 'license']);
/** A `page_token` or `nextCursorToken` is a bookmark in a list, not a credential. */
const BOOKMARKS = new Set(['page', 'pagination', 'cursor', 'continuation', 'next', 'prev', 'previous', 'sync', 'resume']);
/**
 * The head noun is what a name is about: `token_count` is a count, `secret_name` a name,
 * `api_key_id` an id, `private_key_path` a path. None of them is the secret itself.
 */
const ABOUT_A_SECRET = new Set([
  'address',
  'amount',
  'arn',
  'balance',
  'budget',
  'count',
  'endpoint',
  'expiry',
  'expires',
  'expiration',
  'file',
  'filename',
  'format',
  'header',
  'hint',
  'id',
  'ids',
  'kind',
  'label',
  'length',
  'limit',
  'location',
  'max',
  'min',
  'name',
  'names',
  'path',
  'policy',
  'prefix',
  'ref',
  'scope',
  'scopes',
  'size',
  'strength',
  'symbol',
  'ttl',
  'type',
  'uri',
  'url',
  'usage',
  'used',
  'version',
]);

/**
 * Letters from other scripts that read as Latin ones: a server naming a field "Pаssword" with a
 * Cyrillic а must not slip past the warning. Only look-alikes of letters in the words above
 * are needed, upper and lower case kept for the camelCase split.
 */
const CONFUSABLES: Record<string, string> = Object.fromEntries(
  [
    ['аеорсухіјѕкмтнвАЕОРСУХІЈЅКМТНВ', 'aeopcyxijskmthbAEOPCYXIJSKMTHB'],
    ['αοριτκνυεΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'aopitkvueABEZHIKMNOPTYX'],
  ].flatMap(([from, to]) => [...from!].map((letter, index) => [letter, to![index]!])),
);

/**
 * The text as it reads: fullwidth and other compatibility forms folded (NFKC), invisible
 * characters (zero-width spaces, soft hyphens, joiners) dropped, accents dropped, and
 * look-alike letters read as Latin.
 */
export function asRead(text: string): string {
  const folded = text
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return [...folded].map((letter) => CONFUSABLES[letter] ?? letter).join('');
}

/** `x-API_Key`, `apiKey`, `APIKey`, `Personal access token (classic)` → lower-case words. */
function words(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function nameLooksLikeSecret(text: string): boolean {
  const parts = words(asRead(text));
  const head = parts.at(-1);
  if (head === undefined || ABOUT_A_SECRET.has(head)) return false;
  return parts.some(
    (word, index) =>
      SECRET_PARTS.test(word) ||
      (SECRET_HEADS.test(word) && !BOOKMARKS.has(parts[index - 1] ?? '')) ||
      (word === 'key' && index > 0 && KEY_QUALIFIERS.has(parts[index - 1]!)),
  );
}

/** A field a person types free text into: a secret cannot be a checkbox, a number or a choice. */
function takesTypedText(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  const textual = type === undefined || type === 'string' || (Array.isArray(type) && type.includes('string'));
  const choice = 'enum' in schema || 'const' in schema || 'oneOf' in schema || 'anyOf' in schema;
  return textual && !choice && !('properties' in schema) && !('items' in schema);
}

/**
 * Whether a form field seems to ask for a password, token, API key or other secret: by
 * `format: "password"`, or by its property name or title (`access_token`, "API Key"), read
 * as words so that `tokens_used`, `max_tokens`, `token_count` or `secret_name` are not.
 */
export function looksLikeSecret(name: string, schema: object): boolean {
  const field = schema as Record<string, unknown>;
  if (!takesTypedText(field)) return false;
  if (typeof field.format === 'string' && asRead(field.format).toLowerCase() === 'password') return true;
  return nameLooksLikeSecret(name) || (typeof field.title === 'string' && nameLooksLikeSecret(field.title));
}
