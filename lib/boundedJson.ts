/**
 * A file's text read as JSON within bounds, before anything else touches it (a backup, a session
 * file). A module of its own, not lib/json.ts's: that one is on the panel's first load, and a
 * module's every used export goes where the module goes; this is used only by lazy chunks.
 */
/** Why a file's text was not read as JSON: too long, nested too deep, or not JSON at all. */
export type JsonRefusal = { refused: 'too-large'; chars: number; max: number } | { refused: 'too-deep'; max: number } | { refused: 'not-json' };

/**
 * A file's text read as JSON, but only when it is at most `maxChars` long and nested at most
 * `maxDepth` deep. Both are checked first, in one pass over the characters that allocates
 * nothing: V8's JSON.parse takes 100,000 levels, but everything after it (a walk, a
 * structuredClone, a port message, the panel's render) is recursive and would overflow.
 */
export function parseBoundedJson(text: string, bounds: { maxChars: number; maxDepth: number }): { value: unknown } | JsonRefusal {
  if (text.length > bounds.maxChars) return { refused: 'too-large', chars: text.length, max: bounds.maxChars };
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character, whatever it is (a quote most of all).
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > bounds.maxDepth) return { refused: 'too-deep', max: bounds.maxDepth };
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { refused: 'not-json' };
  }
}
