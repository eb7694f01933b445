import { useState, type ChangeEvent, type FormEvent } from 'react';

type Values = Record<string, string>;
type Errors<V> = Partial<Record<keyof V & string, string>>;
type Validate<V> = Partial<{
  [K in keyof V]: (value: V[K], values: V) => string | null | undefined;
}>;

/**
 * A small form state hook for the sign-in screens (the first screen must stay small, and
 * @mantine/form is 6 kB gzipped): string fields, validation on submit, a field's error
 * cleared when it changes. `getInputProps` fits Mantine inputs (value, onChange, error).
 */
export function useForm<V extends Values>({
  initialValues,
  validate = {},
}: {
  initialValues: V;
  validate?: Validate<V>;
}) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Errors<V>>({});

  const setFieldValue = <K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const setFieldError = (field: string, error: string) => {
    setErrors((current) => ({ ...current, [field]: error }));
  };

  const getInputProps = <K extends keyof V & string>(field: K) => ({
    value: values[field],
    error: errors[field],
    onChange: (input: V[K] | ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setFieldValue(field, (typeof input === 'string' ? input : input.currentTarget.value) as V[K]),
  });

  /** Validates every field; calls the handler only when all pass. */
  const onSubmit =
    (handler: (values: V, event: FormEvent<HTMLFormElement>) => unknown) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found: Errors<V> = {};
      for (const field of Object.keys(validate) as (keyof V & string)[]) {
        const error = validate[field]?.(values[field], values);
        if (error) found[field] = error;
      }
      setErrors(found);
      if (Object.keys(found).length === 0) void handler(values, event);
    };

  return { values, errors, getInputProps, setFieldValue, setFieldError, onSubmit };
}
