import { useEffect, type RefObject } from 'react';

/** After a submit that found errors (`errors` set anew), the form's first invalid field takes the focus. */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object | null) {
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
