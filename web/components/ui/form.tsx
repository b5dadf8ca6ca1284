// Forms: TanStack Form keeps the values and runs the checks on submit, with the zod schemas of common/ (the
// ones the server parses) as Standard Schema validators, so both sides refuse the same input in the same
// words. A field shows its own error under it and loses it once changed (not when the focus leaves it); what
// concerns the whole form goes in a FormAlert. A server's refusal of one field is shown at that field the same way. The
// bound fields here (text, text area, select, radio group, checkbox) take their value, change and error from the
// form; a screen's own control reads its field with `useFieldContext` inside `form.AppField`.
import {
  createFormHook,
  createFormHookContexts,
  useSelector,
  type AnyFormApi,
  type StandardSchemaV1,
  type StandardSchemaV1Issue,
} from '@tanstack/react-form';
import type { ChangeEvent, FormEvent } from 'react';
import { Checkbox as PlainCheckbox, type CheckboxProps } from './checkbox.tsx';
import {
  TextArea as PlainTextArea,
  TextField as PlainTextField,
  type TextAreaProps,
  type TextFieldProps,
} from './input.tsx';
import { RadioGroup as PlainRadioGroup, type RadioGroupProps } from './radio-group.tsx';
import { Select as PlainSelect, type SelectProps } from './select.tsx';

const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

/** The field of the `form.AppField` around it, for a control of one screen's own (the review's sub-ratings). */
export { useFieldContext };

/** The first message among a field's errors: a schema's issues, or a server's text. */
export function firstError(errors: readonly unknown[] | undefined): string | undefined {
  for (const error of errors ?? []) {
    if (typeof error === 'string' && error) return error;
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
      return error.message;
  }
  return undefined;
}

type Bound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'error'>;

/**
 * The error shown under a field: its first, unless its form shows its errors elsewhere (`errorId`, the message the
 * registration form shows above its button), which the field then points at instead.
 */
function ownError(errors: readonly unknown[], errorId: string | null | undefined): string | undefined {
  return errorId === undefined ? firstError(errors) : undefined;
}

/** A native text control bound to its field: its name, value, change and the error shown under it. */
function useBoundText(errorId?: string | null) {
  const field = useFieldContext<string>();
  return {
    name: field.name,
    value: field.state.value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      field.handleChange(event.target.value),
    error: ownError(field.state.meta.errors, errorId),
  };
}

function TextField(props: Bound<TextFieldProps>) {
  return <PlainTextField {...props} {...useBoundText(props.errorId)} />;
}

function TextArea(props: Bound<TextAreaProps>) {
  return <PlainTextArea {...props} {...useBoundText(props.errorId)} />;
}

function Select(props: Bound<SelectProps>) {
  return <PlainSelect {...props} {...useBoundText()} />;
}

function RadioGroup(props: Omit<RadioGroupProps<string>, 'name' | 'value' | 'onValueChange'>) {
  const field = useFieldContext<string>();
  return <PlainRadioGroup {...props} name={field.name} value={field.state.value} onValueChange={field.handleChange} />;
}

/** A checkbox's errors are shown by its form (`errorId`), which it points at. */
function Checkbox(props: Omit<CheckboxProps, 'checked' | 'onCheckedChange'>) {
  const field = useFieldContext<boolean>();
  return <PlainCheckbox {...props} checked={field.state.value} onCheckedChange={field.handleChange} />;
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextArea, Select, RadioGroup, Checkbox },
  formComponents: {},
});

/**
 * A common/ schema as the check of a form's values. The values are what the schema receives, after `toInput`
 * where the form holds them differently (coordinates typed as text); the schema's declared input type may not
 * match them (a coerced number's is `unknown`), which is why the type is stated here.
 */
export function checkedBy<TValues>(
  schema: StandardSchemaV1,
  toInput: (values: TValues) => unknown = (values) => values,
): StandardSchemaV1<TValues, unknown> {
  return {
    '~standard': {
      version: 1,
      vendor: schema['~standard'].vendor,
      validate: (values) => {
        const result = schema['~standard'].validate(toInput(values as TValues));
        return result instanceof Promise ? result.then(atFields) : atFields(result);
      },
    },
  };
}

/** An issue inside a value (a day of the opening hours) is its field's: the form's fields are its top-level keys. */
function atFields<TResult extends { issues?: readonly StandardSchemaV1Issue[] }>(result: TResult): TResult {
  return result.issues
    ? { ...result, issues: result.issues.map((issue) => ({ ...issue, path: issue.path?.slice(0, 1) })) }
    : result;
}

/**
 * Sends the form. The last attempt's errors go first, so that the checks run afresh over every field: TanStack
 * keeps a form-level check's errors on the fields left unchanged and would stop at them, leaving a changed but
 * still wrong field unmarked.
 */
export function submitForm(form: AnyFormApi): Promise<void> {
  for (const [field, meta] of Object.entries(form.state.fieldMeta)) {
    if (meta?.errorSourceMap.onSubmit !== 'form') continue;
    form.setFieldMeta(field, (previous) => ({
      ...previous,
      errorMap: { ...previous.errorMap, onSubmit: undefined },
      errorSourceMap: { ...previous.errorSourceMap, onSubmit: undefined },
    }));
  }
  return form.handleSubmit();
}

/** A <form>'s submit handler: no page load; `before` clears what the last attempt left (a server's refusal). */
export function submitHandler(form: AnyFormApi, before?: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    before?.();
    void submitForm(form);
  };
}

/**
 * Shows a server's refusals at the fields they concern, as the outcome of the submit (the form's own checks'
 * place), so each goes like theirs: when its field is changed or the form is sent again.
 */
export function showServerErrors(form: AnyFormApi, errors: Record<string, string>) {
  for (const [field, message] of Object.entries(errors)) {
    form.setFieldMeta(field, (meta) => ({
      ...meta,
      errorMap: { ...meta.errorMap, onSubmit: message },
      errorSourceMap: { ...meta.errorSourceMap, onSubmit: 'form' },
    }));
  }
}

type FieldMetas = Record<string, { errors?: readonly unknown[] } | undefined>;

function firstInOrder<TField extends string>(
  fieldMeta: FieldMetas,
  order: readonly TField[],
): { field: TField; message: string } | null {
  for (const field of order) {
    const message = firstError(fieldMeta[field]?.errors);
    if (message) return { field, message };
  }
  return null;
}

/** The first field, in `order`, that has an error, and its message: for a form that shows one problem at a time. */
export function firstProblem<TField extends string>(
  form: AnyFormApi,
  order: readonly TField[],
): { field: TField; message: string } | null {
  return firstInOrder(form.state.fieldMeta, order);
}

/** `firstProblem`, kept up to date. */
export function useFirstProblem<TField extends string>(
  form: AnyFormApi,
  order: readonly TField[],
): { field: TField; message: string } | null {
  return useSelector(form.store, (state) => firstInOrder(state.fieldMeta, order), {
    compare: (a, b) => a?.field === b?.field && a?.message === b?.message,
  });
}
