/**
 * What finding a server hands the Add form: a remote someone described (a registry, a
 * server.json, a site), and who described it. Types and the template syntax only, so the
 * panel can import them without the worker's URL analysis.
 */

/** A `{variable}` in a URL template (server.schema.json: "Variables in {curly_braces}"). */
export const VARIABLE = /\{([^{}]*)\}/g;

/** One value the person must (or may) give: a URL variable or a header. */
export interface InputField {
  name: string;
  description: string;
  isRequired: boolean;
  /** Entered like a password and stored like the form's other secrets. */
  isSecret: boolean;
  default?: string;
  choices?: string[];
  /** Set by the publisher (a header's `value`): sent as given, shown, not asked — but for its `variables`. */
  fixed?: string;
  /**
   * The `{variables}` in a header's `fixed` value (`KeyValueInput.variables`: "Keys in the
   * input `value` that are wrapped in `{curly_braces}` will be replaced with the corresponding
   * variable values"), e.g. `Bearer {token}`: the person fills these, not the whole value.
   */
  variables?: InputField[];
}

export interface RemoteOffer {
  transport: 'streamable-http' | 'sse';
  /** The URL as published, `{variables}` unfilled. */
  urlTemplate: string;
  /** Where it really goes, as published (`https://{tenant}.example.com`): shown beside the name. */
  origin: string;
  variables: InputField[];
  headers: InputField[];
  /** What the person should know before adding it: the URL's warnings, a name claiming another domain. */
  warnings: string[];
  /** The organisation's policy refuses it (lib/policy): the Add form says so and adds nothing. */
  blocked?: { rule: string; reason: string };
}

/** Where an offer came from: the Add form's heading, and whose words its name and description are. */
export interface OfferSource {
  kind: 'registry' | 'server.json' | 'site';
  /** The name as the source gives it (reverse-DNS for the registry and server.json). */
  name: string;
  title?: string;
  description?: string;
  version?: string;
  /** Who said so: the registry's base URL, "a file", "pasted text", or the site's origin. */
  from: string;
}
