import type { Tool } from '@modelcontextprotocol/client';

/** A tool its server marks destructive (and not read-only): the person confirms before each run, whoever asks for it. */
export const isDestructive = (tool: Pick<Tool, 'annotations'> | undefined): boolean =>
  tool?.annotations?.destructiveHint === true && tool.annotations.readOnlyHint !== true;
