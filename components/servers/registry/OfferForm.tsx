import { type ComponentChildren, Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { fillRemote, pathProblems } from '@/lib/registry/fill';
import type { InputField, OfferSource, RemoteOffer } from '@/lib/registry/offer';
import { t } from '@/lib/i18n';
import { useActions } from '../../shared/actions';
import { Foreign, ForeignCode, ForeignUrl } from '../../shared/Foreign';
import { Message } from '../../shared/Message';

export interface OfferFormProps {
  id: string;
  offer: RemoteOffer;
  source: OfferSource;
  /** Added, or cancelled: the form goes. */
  onDone: () => void;
}

/** Who described the offer, in one sentence per kind of source (`from`: a registry's or site's address, a file's name, '' for pasted text). */
function DescribedBy({ source }: { source: OfferSource }) {
  const from = <ForeignUrl from={source.kind === 'server.json' ? 'person' : source.kind}>{source.from}</ForeignUrl>;
  if (source.kind === 'registry') return <Message id="servers.offer.byRegistry" values={{ from }} />;
  if (source.kind === 'site') return <Message id="servers.offer.bySite" values={{ from }} />;
  return source.from ? <Message id="servers.offer.byFile" values={{ from }} /> : t('servers.offer.byPasted');
}

interface FieldProps {
  id: string;
  field: InputField;
  value: string;
  onInput: (value: string) => void;
  /** What is wrong with the value as typed, said beside it. */
  problem?: string;
  /** The field's label, when it is more than the field's name (a variable inside a header). */
  label?: ComponentChildren;
}

function Field({ id, field, value, onInput, problem, label }: FieldProps) {
  const described = [field.description && `${id}-help`, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label for={id}>
        {label ?? <Foreign text={field.name} from="registry" />}
        {field.isRequired && <span class="muted"> {t('servers.offer.required')}</span>}
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
        <p id={described} class="hint muted" dir="auto" data-from="registry">
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
      <h2 id={`${id}-title`}>
        <Message id="servers.offer.title" values={{ server: <Foreign text={source.title ?? source.name} from="registry" /> }} />
      </h2>
      <p class="offer-source muted">
        <DescribedBy source={source} />
        {source.title && (
          <>
            {' '}
            <Message id="servers.offer.listedAs" values={{ name: <Foreign text={source.name} from="registry" /> }} />
          </>
        )}
        {source.version && (
          <>
            {' '}
            <Message id="servers.offer.version" values={{ version: <Foreign text={source.version} from="registry" /> }} />
          </>
        )}
      </p>
      <p class="offer-origin">
        <Message
          id="servers.offer.servedFrom"
          values={{
            origin: <ForeignCode>{offer.origin}</ForeignCode>,
            transport: (
              <span class="muted" translate={false}>
                ({offer.transport})
              </span>
            ),
          }}
        />
      </p>
      {offer.warnings.length > 0 && (
        <ul class="warnings" aria-label={t('servers.offer.warnings')}>
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
              field={part}
              label={
                <Message
                  id="servers.offer.inHeader"
                  values={{ part: <Foreign text={part.name} from="registry" />, header: <Foreign text={field.name} from="registry" /> }}
                />
              }
              value={values[`header:${field.name}/${part.name}`] ?? ''}
              onInput={set(`header:${field.name}/${part.name}`)}
            />
          ))}
        </Fragment>
      ))}
      <label for={`${id}-name`}>{t('servers.form.name')}</label>
      <input id={`${id}-name`} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      <div class="actions">
        <button type="submit">{t('servers.form.add')}</button>
        <button type="button" class="secondary" onClick={onDone}>
          {t('servers.form.cancel')}
        </button>
      </div>
    </form>
  );
}
