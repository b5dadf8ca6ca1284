// The form helpers that decide what a field shows: a common/ schema's issues land on the form's top-level
// fields, after the values are turned into the payload the server parses; every submit checks every field
// afresh; a server's refusal goes when its field changes.
import { FieldApi, FormApi } from '@tanstack/react-form';
import { describe, expect, it } from 'vitest';
import * as z from '../../../common/zod.ts';
import { checkedBy, firstError, showServerErrors, submitForm } from './form.tsx';

describe('checkedBy', () => {
  const schema = z.object({
    latitude: z.number({ error: 'Please fill in all required fields' }),
    hours: z.object({ mon: z.array(z.string().regex(/^\d\d:\d\d$/, 'Use HH:MM')) }),
  });
  const check = checkedBy<{ latitude: string; hours: { mon: string[] } }>(schema, (values) => ({
    ...values,
    latitude: values.latitude.trim() ? Number(values.latitude) : undefined,
  }));

  it('checks the payload the values become', () => {
    const result = check['~standard'].validate({ latitude: '14.5', hours: { mon: ['09:00'] } });
    expect(result).toMatchObject({ value: { latitude: 14.5 } });
  });

  it('reports an issue inside a value at its top-level field', () => {
    const result = check['~standard'].validate({ latitude: '', hours: { mon: ['9am'] } }) as {
      issues: { path: unknown[]; message: string }[];
    };
    expect(result.issues.map(({ path, message }) => [path, message])).toEqual([
      [['latitude'], 'Please fill in all required fields'],
      [['hours'], 'Use HH:MM'],
    ]);
  });
});

describe('firstError', () => {
  it('reads a schema issue or a text, and skips empty entries', () => {
    expect(firstError([undefined, { message: 'Name is required.' }, 'later'])).toBe('Name is required.');
    expect(firstError(['', 'That name is already taken.'])).toBe('That name is already taken.');
    expect(firstError(undefined)).toBeUndefined();
  });
});

describe('submitForm', () => {
  type Values = { name: string; latitude: string };
  const schema = z.object({
    name: z.string().min(1, 'Name is required.'),
    latitude: z.number({ error: 'Required' }).max(21.5, 'Inside the Philippines'),
  });

  function setUp() {
    const form = new FormApi<Values, any, any, any, any, any, any, any, any, any, any, any>({
      defaultValues: { name: '', latitude: '' },
      validators: {
        onSubmit: checkedBy<Values>(schema, (values) => ({
          ...values,
          latitude: values.latitude ? Number(values.latitude) : undefined,
        })),
      },
    });
    form.mount();
    const fields = { name: new FieldApi({ form, name: 'name' }), latitude: new FieldApi({ form, name: 'latitude' }) };
    fields.name.mount();
    fields.latitude.mount();
    const shown = () => [firstError(fields.name.state.meta.errors), firstError(fields.latitude.state.meta.errors)];
    return { form, fields, shown };
  }

  it('marks a changed but still wrong field, though another field is still wrong from the last attempt', async () => {
    const { form, fields, shown } = setUp();
    await submitForm(form);
    expect(shown()).toEqual(['Name is required.', 'Required']);
    fields.latitude.handleChange('40');
    expect(shown()).toEqual(['Name is required.', undefined]);
    await submitForm(form);
    expect(shown()).toEqual(['Name is required.', 'Inside the Philippines']);
  });

  it("shows a server's refusal at its field until that field changes", async () => {
    const { form, fields, shown } = setUp();
    showServerErrors(form, { name: 'That name is already taken.' });
    expect(shown()).toEqual(['That name is already taken.', undefined]);
    fields.latitude.handleChange('14.5');
    expect(shown()).toEqual(['That name is already taken.', undefined]);
    fields.name.handleChange('Another name');
    expect(shown()).toEqual([undefined, undefined]);
  });
});
