/**
 * What is wrong with a value, in the person's language (docs/i18n.md): the validator
 * (@cfworker/json-schema) says it in English, so each keyword a form can break gets a message
 * of the catalog, its limit read from the validator's own words (tests/unit/forms/validate.test.ts
 * pins them, so a new wording of theirs shows as a failing test, not as a wrong number).
 * A keyword without a message of its own is named in a general one.
 */
import type { OutputUnit } from '@cfworker/json-schema';
import { isolated, t, tn } from '../i18n';

/** A number as a number (formatted as the language writes it), anything else as it came, isolated. */
const value = (text: string | undefined): string | number => {
  const number = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(number) ? number : isolated(text ?? '');
};

/** The two numbers of "(12 > 10)": what the value has, and the limit. */
const counts = (error: string) => /\((\d+) [<>] (\d+)\)/.exec(error);

type Words = (error: string) => string | undefined;

/** The validator's words for a type (`Expected "string", "null"`) as the message for it. */
const typeWords: Words = (error) => {
  const expected = /Expected "(.*)"\.$/.exec(error)?.[1]?.split('", "') ?? [];
  if (expected.length === 1) {
    const [type] = expected;
    if (type === 'integer') return t('forms.invalid.type.integer');
    if (type === 'number') return t('forms.invalid.type.number');
    if (type === 'string') return t('forms.invalid.type.string');
    if (type === 'boolean') return t('forms.invalid.type.boolean');
    if (type === 'array') return t('forms.invalid.type.array');
    if (type === 'object') return t('forms.invalid.type.object');
  }
  return t('forms.invalid.type.mixed', { types: isolated(expected.join(', ')) });
};

const formatWords: Words = (error) => {
  const format = /format "(.*)"\.$/.exec(error)?.[1];
  if (format === 'email') return t('forms.invalid.format.email');
  if (format === 'uri') return t('forms.invalid.format.uri');
  if (format === 'date') return t('forms.invalid.format.date');
  if (format === 'date-time') return t('forms.invalid.format.dateTime');
  return format === undefined ? undefined : t('forms.invalid.format.named', { format: isolated(format) });
};

/** Value and limit of "12 is greater than 10.", by the words between them. */
const bound = (words: string, message: (value: string | number, limit: string | number) => string): Words => {
  const pattern = new RegExp(`^(.*) ${words} (.*)\\.$`);
  return (error) => {
    const found = pattern.exec(error);
    return found ? message(value(found[1]), value(found[2])) : undefined;
  };
};

/** The limit of "(3 < 5)". */
const countLimit =
  (message: (count: number) => string): Words =>
  (error) => {
    const found = counts(error);
    return found ? message(Number(found[2])) : undefined;
  };

const BY_KEYWORD: Record<string, Words> = {
  type: typeWords,
  format: formatWords,
  minimum: bound('is less than', (value, limit) => t('forms.invalid.minimum', { value, limit })),
  exclusiveMinimum: bound('is less than', (value, limit) => t('forms.invalid.exclusiveMinimum', { value, limit })),
  maximum: bound('is greater than', (value, limit) => t('forms.invalid.maximum', { value, limit })),
  exclusiveMaximum: bound('is greater than or equal to', (value, limit) => t('forms.invalid.exclusiveMaximum', { value, limit })),
  multipleOf: bound('is not a multiple of', (value, limit) => t('forms.invalid.multipleOf', { value, limit })),
  minLength: countLimit((count) => tn('forms.invalid.minLength', count)),
  maxLength: countLimit((count) => tn('forms.invalid.maxLength', count)),
  minItems: countLimit((count) => tn('forms.invalid.minItems', count)),
  maxItems: countLimit((count) => tn('forms.invalid.maxItems', count)),
  uniqueItems: () => t('forms.invalid.uniqueItems'),
  pattern: () => t('forms.invalid.pattern'),
  enum: (error) => {
    const values = /any of (.*)\.$/.exec(error)?.[1];
    return values === undefined ? undefined : t('forms.invalid.enum', { values: isolated(values) });
  },
  const: (error) => {
    const expected = /does not match (.*)\.$/.exec(error)?.[1];
    return expected === undefined ? undefined : t('forms.invalid.const', { value: isolated(expected) });
  },
  anyOf: () => t('forms.invalid.choice'),
  oneOf: () => t('forms.invalid.choice'),
  not: () => t('forms.invalid.not'),
};

/** One unit of the validator's output as the person reads it: lower case after the field's name. */
export function problemWords(unit: Pick<OutputUnit, 'keyword' | 'error'>): string {
  return BY_KEYWORD[unit.keyword]?.(unit.error) ?? t('forms.invalid.rule', { keyword: isolated(unit.keyword) });
}

/** A required property that is missing. */
export const requiredWords = (): string => t('forms.invalid.required');

/** A schema that nothing can be checked against, and why. */
export const brokenSchemaWords = (error: string): string => t('forms.invalid.schema', { error: isolated(error) });
