import { useId, type ComponentProps, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldPath,
  type FieldValues,
  FormProvider,
  get,
  type SubmitHandler,
  useForm,
  type UseFormProps,
  type UseFormReturn,
  useFormContext,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '@/lib/cn';
import { inputClasses } from './field';

/**
 * Forms on react-hook-form with the shared zod schema as the only rules: the same schema the server
 * parses with, so the form can never accept what the server refuses (or the other way round).
 *
 *   const form = useZodForm(blockRiderSchema, { defaultValues: { reason: '' } });
 *   <Form form={form} onSubmit={(values) => block.mutate(values)}>
 *     <FormField name="reason" label="Reason" as="textarea" />
 *   </Form>
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  // How every form of the app refuses (issue 27 §13): a submit shows every field's message at once, each
  // under its field, and moves focus to the first invalid one; from then on a field is checked as it is
  // typed in, so its message goes the moment it becomes valid. Nothing is said before the first submit.
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  });
}

type FormProps<In extends FieldValues, Out extends FieldValues> = Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: UseFormReturn<In, unknown, Out>;
  onSubmit: SubmitHandler<Out>;
};

/** A <form> that validates with its schema on submit; fields read the form from context. */
export function Form<In extends FieldValues, Out extends FieldValues>({ form, onSubmit, children, ...props }: FormProps<In, Out>) {
  return (
    <FormProvider {...form}>
      {/* noValidate: the schema's messages are shown, not the browser's bubbles. */}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

type FormFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  hint?: ReactNode;
  className?: string;
} & (
  | ({ as?: 'input' } & Omit<ComponentProps<'input'>, 'name'>)
  | ({ as: 'textarea' } & Omit<ComponentProps<'textarea'>, 'name'>)
  | ({ as: 'select'; children: ReactNode } & Omit<ComponentProps<'select'>, 'name'>)
);

/**
 * A labelled input, textarea or select (its <option>s as children) registered on the surrounding <Form>.
 * Its error (from the schema) is shown under it, announced, and tied to it with aria-describedby and
 * aria-invalid.
 */
export function FormField<T extends FieldValues>({ name, label, hint, className, ...props }: FormFieldProps<T>) {
  const { register, formState } = useFormContext<T>();
  const id = useId();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    ...register(name),
  } as const;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {label}
      </label>
      {props.as === 'textarea' ? (
        <textarea {...omitAs(props)} {...shared} className={cn(inputClasses, 'h-auto py-2.5', error && 'border-red-600')} />
      ) : props.as === 'select' ? (
        <select {...omitAs(props)} {...shared} className={cn(inputClasses, 'pr-8', error && 'border-red-600')} />
      ) : (
        <input {...omitAs(props)} {...shared} className={cn(inputClasses, error && 'border-red-600')} />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

function omitAs<P extends { as?: unknown }>(props: P): Omit<P, 'as'> {
  const { as: _as, ...rest } = props;
  return rest;
}
