import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { SchemaForm } from './SchemaForm';

/** What to do once an opened row's form is built: put focus in it, or submit it. */
type Next = 'focus' | 'submit' | null;

export interface FormRow {
  open: boolean;
  /** The row's toggle: opened by keyboard, focus goes on into the form. */
  toggle: (opening: boolean, byKeyboard: boolean) => void;
  /** Opens the row with focus in its form's first field (or on its `.run` button, when it has no field). */
  focus: () => void;
  /** Submits the row's form: at once when it is built, else once it is (the row opens). */
  submit: () => void;
}

/**
 * A list row whose form (tool arguments, template variables, prompt arguments) is built only
 * when the row opens: what the person asked of it (focus, submit) waits for the form's code
 * and the form itself, then happens once.
 */
export function useFormRow(row: RefObject<HTMLElement | null>, formId: string, hasForm: boolean): FormRow {
  const [open, setOpen] = useState(false);
  const [next, setNext] = useState<Next>(null);
  // Read so the row renders again once the form's code is in, and the effect finds the form.
  const formLoaded = SchemaForm.loaded.value;
  useEffect(() => {
    if (!open || !next || !row.current) return;
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form && hasForm) return;
    setNext(null);
    if (next === 'submit' && form) form.requestSubmit();
    else
      (row.current.querySelector<HTMLElement>('form input, form select, form textarea') ?? row.current.querySelector<HTMLElement>('.run'))?.focus();
  }, [open, next, formLoaded]);
  return {
    open,
    toggle: (opening, byKeyboard) => {
      setOpen(opening);
      setNext(opening && byKeyboard ? 'focus' : null);
    },
    focus: () => {
      setOpen(true);
      setNext('focus');
    },
    submit: () => {
      const form = document.getElementById(formId) as HTMLFormElement | null;
      if (form) return form.requestSubmit();
      setOpen(true);
      setNext('submit');
    },
  };
}
