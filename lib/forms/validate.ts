/**
 * JSON Schema validation that runs under the MV3 CSP (no `eval`): @cfworker/json-schema
 * interprets schemas instead of compiling them, unlike Ajv.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { errorMessage } from '../errorMessage';
import { formatList } from '../i18n/format';
import { isolated, t } from '../i18n';
import { brokenSchemaWords, problemWords, requiredWords } from './problems';

/** One thing wrong with a value, addressed by its property path (`""` for the whole value). */
export interface Problem {
  /** Property path below the root, dot-separated (`"replicas"`, `"address.city"`). */
  path: string;
  /** In the person's language (lib/forms/problems.ts), as it follows the field's name. */
  message: string;
}

const validators = new WeakMap<object, Validator>();

function validatorFor(schema: object): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(schema as Schema, '2020-12', false);
    validators.set(schema, validator);
  }
  return validator;
}

function toPath(instanceLocation: string): string {
  return instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

// These units only say "a child failed"; the child's own unit says how.
const AGGREGATES = new Set(['properties', 'items', 'prefixItems', '$ref', 'allOf']);
const REQUIRED = /required property "(.*)"/;

function toProblem(unit: OutputUnit): Problem | null {
  // Aggregate units ("Property x does not match schema") repeat what their children say.
  if (AGGREGATES.has(unit.keyword)) return null;
  const path = toPath(unit.instanceLocation);
  if (unit.keyword === 'required') {
    const missing = REQUIRED.exec(unit.error)?.[1] ?? '';
    return { path: path ? `${path}.${missing}` : missing, message: requiredWords() };
  }
  return { path, message: problemWords(unit) };
}

/**
 * Everything wrong with `value` under `schema`; empty when it is valid. A schema the
 * validator cannot apply (a dangling `$ref`, a keyword with a nonsense value) is itself a
 * problem: nothing can be checked against it, so nothing should be sent.
 */
export function validate(schema: object, value: unknown): Problem[] {
  let result: ReturnType<Validator['validate']>;
  try {
    result = validatorFor(schema).validate(value);
  } catch (error) {
    return [{ path: '', message: brokenSchemaWords(errorMessage(error)) }];
  }
  if (result.valid) return [];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const unit of result.errors) {
    const problem = toProblem(unit);
    const key = problem && `${problem.path}\u0000${problem.message}`;
    if (problem && key && !seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

/** One line a person can read: `replicas: 12 is greater than 10 and target: is required`, each field's name isolated (a server's word). */
export function describeProblems(problems: Problem[]): string {
  return formatList(problems.map(({ path, message }) => (path ? t('forms.problem', { field: isolated(path), problem: message }) : message)));
}
