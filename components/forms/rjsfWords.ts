/**
 * rjsf's own words (its buttons, labels and notes: "Add", "Move up", "Yes"), from the catalog
 * like every other word of the panel (docs/i18n.md): rjsf asks for each by its English
 * (`TranslatableString`) through the form's `translateString`, with `%1`, `%2` for its values.
 * Read by RjsfSchemaForm.tsx only, so the words' code stays in the form's chunk.
 */
import { TranslatableString as Words } from '@rjsf/utils';
import { formatSize } from '@/lib/i18n/format';
import { isolated, t } from '@/lib/i18n';

type Say = (values: string[]) => string;
/** A value rjsf gives (a field's id or title, a type): the schema's words, isolated in the sentence. */
const theirs = (values: string[], index: number) => isolated(values[index] ?? '');

const WORDS: Record<Words, Say> = {
  [Words.ArrayItemTitle]: () => t('forms.rjsf.item'),
  [Words.MissingItems]: () => t('forms.rjsf.missingItems'),
  [Words.EmptyArray]: () => t('forms.rjsf.emptyArray'),
  [Words.YesLabel]: () => t('forms.rjsf.yesLabel'),
  [Words.NoLabel]: () => t('forms.rjsf.noLabel'),
  [Words.CloseLabel]: () => t('forms.rjsf.close'),
  [Words.ErrorsLabel]: () => t('forms.rjsf.errors'),
  [Words.NewStringDefault]: () => t('forms.rjsf.newValue'),
  [Words.AddButton]: () => t('forms.rjsf.add'),
  [Words.AddItemButton]: () => t('forms.rjsf.addItem'),
  [Words.CopyButton]: () => t('forms.rjsf.copy'),
  [Words.ExpandButton]: () => t('forms.rjsf.expandCycle'),
  [Words.MoveDownButton]: () => t('forms.rjsf.moveDown'),
  [Words.MoveUpButton]: () => t('forms.rjsf.moveUp'),
  [Words.RemoveButton]: () => t('forms.rjsf.remove'),
  [Words.NowLabel]: () => t('forms.rjsf.now'),
  [Words.ClearLabel]: () => t('forms.rjsf.clear'),
  [Words.AriaDateLabel]: () => t('forms.rjsf.selectDate'),
  [Words.PreviewLabel]: () => t('forms.rjsf.preview'),
  [Words.DecrementAriaLabel]: () => t('forms.rjsf.decrement'),
  [Words.IncrementAriaLabel]: () => t('forms.rjsf.increment'),
  [Words.OptionalObjectAdd]: () => t('forms.rjsf.optionalAdd'),
  [Words.OptionalObjectRemove]: () => t('forms.rjsf.optionalRemove'),
  [Words.OptionalObjectEmptyMsg]: () => t('forms.rjsf.optionalEmpty'),
  [Words.Type]: () => t('forms.rjsf.type'),
  [Words.Value]: () => t('forms.rjsf.value'),
  [Words.ClearButton]: () => t('forms.rjsf.clearInput'),
  [Words.UnknownFieldType]: (values) => t('forms.rjsf.unknownFieldType', { type: theirs(values, 0) }),
  [Words.OptionPrefix]: (values) => t('forms.rjsf.option', { number: values[0] ?? '' }),
  [Words.TitleOptionPrefix]: (values) => t('forms.rjsf.titledOption', { title: theirs(values, 0), number: values[1] ?? '' }),
  [Words.KeyLabel]: (values) => t('forms.rjsf.key', { field: theirs(values, 0) }),
  [Words.DeprecatedLabel]: (values) => t('forms.rjsf.deprecated', { field: theirs(values, 0) }),
  [Words.CycleDetected]: (values) => t('forms.rjsf.cycle', { field: theirs(values, 0) }),
  [Words.InvalidObjectField]: (values) => t('forms.rjsf.invalidObject', { field: theirs(values, 0), reason: theirs(values, 1) }),
  [Words.UnsupportedField]: () => t('forms.rjsf.unsupported'),
  [Words.UnsupportedFieldWithId]: (values) => t('forms.rjsf.unsupportedField', { field: theirs(values, 0) }),
  [Words.UnsupportedFieldWithReason]: (values) => t('forms.rjsf.unsupportedReason', { reason: theirs(values, 0) }),
  [Words.UnsupportedFieldWithIdAndReason]: (values) =>
    t('forms.rjsf.unsupportedFieldReason', { field: theirs(values, 0), reason: theirs(values, 1) }),
  [Words.FilesInfo]: (values) => t('forms.rjsf.file', { name: theirs(values, 0), type: theirs(values, 1), size: formatSize(Number(values[2])) }),
};

/** rjsf's `translateString`: its English, in the panel's language. */
export const rjsfWords = (words: Words, values: string[] = []): string => WORDS[words]?.(values) ?? words;
