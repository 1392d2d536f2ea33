import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  /** A refusal in a line of its own beside what it refuses (a field's, a button's): red words, no box. */
  inline: 'text-sm font-medium text-red-700',
  /** A notice that stands on its own (a page that could not load, a refusal with a title): the red box. */
  box: 'rounded-2xl bg-red-50 p-4 text-sm text-red-800',
  /** What must be seen first (a driver on hold): white on red. */
  strong: 'rounded-2xl bg-red-600 p-4 text-white',
  /** No look of its own: a notice laid out by its place (a whole page's failure, a card with its own layout). */
  plain: '',
} as const;

type AlertProps = {
  tone?: keyof typeof tones;
  /** The element: a `p` (the default) for words, a `div` for a block with a title, a `span` inside a line, an `article` for a record. */
  as?: 'p' | 'div' | 'span' | 'article';
  children?: ReactNode;
} & Omit<ComponentProps<'div'>, 'role' | 'children'>;

/**
 * A notice announced at once (role=alert), said the same way everywhere (issue 28 §3): `tone` picks its look.
 * Nothing is rendered when `children` is empty, so `<Alert>{error}</Alert>` needs no `error ? … : null`.
 * A failed query or mutation has its own: `QueryView` and `MutationError` (query-view.tsx).
 */
export function Alert({ tone = 'inline', as: Tag = 'p', className, children, ...props }: AlertProps) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <Tag role="alert" className={cn(tones[tone], className)} {...(props as ComponentProps<'p'>)}>
      {children}
    </Tag>
  );
}
