/**
 * Forms for what resources and prompts take: the variables of a resource URI template,
 * and a prompt's declared arguments (always strings, per the spec). The panel imports
 * this, so it must not pull in the SDK: the worker expands templates.
 */
import type { Prompt } from '@modelcontextprotocol/client';
import type { JsonObjectSchema } from '../request';

/** One required string field per template variable (`demo://greeting/{name}` → `name`). */
export function templateSchema(names: string[]): JsonObjectSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string', title: name }])),
    required: names,
  };
}

export function promptSchema(prompt: Prompt): JsonObjectSchema {
  const args = prompt.arguments ?? [];
  return {
    type: 'object',
    properties: Object.fromEntries(
      args.map((arg) => [arg.name, { type: 'string', title: arg.name, ...(arg.description ? { description: arg.description } : {}) }]),
    ),
    required: args.filter((arg) => arg.required).map((arg) => arg.name),
  };
}

/** Prompt arguments are strings; empty optional ones are left out rather than sent blank. */
export function promptArguments(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}
