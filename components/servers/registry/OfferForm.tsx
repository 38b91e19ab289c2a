import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { fillRemote, pathProblems } from '@/lib/registry/fill';
import type { InputField, OfferSource, RemoteOffer } from '@/lib/registry/offer';
import { useActions } from '../../shared/actions';

export interface OfferFormProps {
  id: string;
  offer: RemoteOffer;
  source: OfferSource;
  /** Added, or cancelled: the form goes. */
  onDone: () => void;
}

const FROM: Record<OfferSource['kind'], string> = { registry: 'the registry at', 'server.json': 'a server.json from', site: 'the site' };

interface FieldProps {
  id: string;
  field: InputField;
  value: string;
  onInput: (value: string) => void;
  /** What is wrong with the value as typed, said beside it. */
  problem?: string;
}

function Field({ id, field, value, onInput, problem }: FieldProps) {
  const described = [field.description && `${id}-help`, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label for={id}>
        {field.name}
        {field.isRequired && <span class="muted"> (required)</span>}
      </label>
      {field.fixed !== undefined ? (
        <input id={id} value={field.fixed} readOnly aria-describedby={described} />
      ) : field.choices && field.choices.length > 0 ? (
        <select id={id} value={value} required={field.isRequired} aria-describedby={described} onChange={(e) => onInput(e.currentTarget.value)}>
          {!field.isRequired && <option value="">—</option>}
          {field.choices.map((choice) => (
            <option key={choice}>{choice}</option>
          ))}
        </select>
      ) : field.isSecret ? (
        // A secret is entered unseen, and saved as the server's headers are (like an X-Api-Key typed in the Headers box).
        <input
          id={id}
          type="password"
          autocomplete="off"
          required={field.isRequired}
          aria-describedby={described}
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
      ) : (
        <input
          id={id}
          autocomplete="off"
          required={field.isRequired}
          placeholder={field.default ?? ''}
          aria-describedby={described}
          aria-invalid={problem ? true : undefined}
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
      )}
      {problem && (
        <p id={`${id}-problem`} class="error">
          {problem}
        </p>
      )}
      {field.description && (
        <p id={described} class="hint muted">
          {field.description}
        </p>
      )}
    </>
  );
}

/**
 * The add-server form for an offer someone else described (a registry, a server.json, a
 * site): its URL's variables and its declared headers as fields, where it really goes beside
 * what it is called, and then the same Add as a typed URL — host access asked, connect, sign-in.
 */
export function OfferForm({ id, offer, source, onDone }: OfferFormProps) {
  const { addServer } = useActions();
  const [name, setName] = useState(source.title ?? source.name);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries([
      ...offer.variables.map((f) => [`var:${f.name}`, f.choices?.[0] ?? '']),
      ...offer.headers.flatMap((f) => [
        [`header:${f.name}`, ''],
        ...(f.variables ?? []).map((v) => [`header:${f.name}/${v.name}`, v.choices?.[0] ?? '']),
      ]),
    ]),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: string) => (value: string) => setValues({ ...values, [key]: value });
  // Said as the person types: a value that would send the request to another path of the server.
  const problems = pathProblems(offer, values);
  return (
    <form
      class="server-form offer-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        try {
          const { url, headers } = fillRemote(offer, values);
          // From a registry, it says so: the worker checks the registry lists it, for a policy that allows only the registry's servers.
          const from = source.kind === 'registry' ? { registry: source.from, name: source.name } : undefined;
          addServer({ url, name: name.trim(), headers, oauthClientId: '', ...(from && { from }) });
          onDone();
        } catch (error) {
          setProblem((error as Error).message);
        }
      }}
    >
      <h2 id={`${id}-title`}>Add {source.title ?? source.name}</h2>
      <p class="offer-source muted">
        Described by {FROM[source.kind]} {source.from}
        {source.title && <> as “{source.name}”</>}
        {source.version && <>, version {source.version}</>}.
      </p>
      <p class="offer-origin">
        Served from <code>{offer.origin}</code> <span class="muted">({offer.transport})</span>
      </p>
      {offer.warnings.length > 0 && (
        <ul class="warnings" aria-label="Warnings about this server">
          {offer.warnings.map((warning) => (
            <li key={warning} class="warning">
              ⚠ {warning}
            </li>
          ))}
        </ul>
      )}
      {offer.variables.map((field) => (
        <Field
          key={`v-${field.name}`}
          id={`${id}-var-${field.name}`}
          field={field}
          value={values[`var:${field.name}`] ?? ''}
          onInput={set(`var:${field.name}`)}
          problem={problems[field.name]}
        />
      ))}
      {offer.headers.map((field) => (
        <Fragment key={`h-${field.name}`}>
          <Field id={`${id}-header-${field.name}`} field={field} value={values[`header:${field.name}`] ?? ''} onInput={set(`header:${field.name}`)} />
          {field.variables?.map((part) => (
            <Field
              key={part.name}
              id={`${id}-header-${field.name}-${part.name}`}
              field={{ ...part, name: `${part.name} (in ${field.name})` }}
              value={values[`header:${field.name}/${part.name}`] ?? ''}
              onInput={set(`header:${field.name}/${part.name}`)}
            />
          ))}
        </Fragment>
      ))}
      <label for={`${id}-name`}>Name</label>
      <input id={`${id}-name`} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      <div class="actions">
        <button type="submit">Add server</button>
        <button type="button" class="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
