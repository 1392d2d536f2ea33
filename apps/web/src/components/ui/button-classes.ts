import { cn } from '@/lib/cn';

/** `light` and `outline-light` are for dark surfaces (hero, footer). */
export type ButtonVariant = 'primary' | 'accent' | 'light' | 'secondary' | 'outline' | 'outline-light' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-xl font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-ink-900 text-white hover:bg-ink-800',
  accent: 'bg-brand-500 text-ink-950 hover:bg-brand-400',
  light: 'bg-white text-ink-900 hover:bg-ink-100',
  'outline-light': 'text-white ring-1 ring-white/30 ring-inset hover:bg-white/10',
  secondary: 'bg-ink-100 text-ink-900 hover:bg-ink-200',
  outline: 'border border-ink-200 bg-white text-ink-900 hover:bg-ink-50',
  ghost: 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  link: 'text-brand-700 underline-offset-4 hover:underline',
};

// Every control a thumb can hit is at least 44 × 44 px on a phone (issue 17 §8); a small button is compact
// only where there is a mouse-sized screen.
const sizes: Record<ButtonSize, string> = {
  sm: 'h-11 px-3 text-sm md:h-9',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-11',
};

/** Shared by <Button> and router links styled as buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], variant === 'link' ? 'h-auto min-h-11 px-0 md:min-h-0' : sizes[size], className);
}
