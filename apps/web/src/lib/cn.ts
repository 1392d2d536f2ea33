/** Joins class names, skipping falsy ones (no tailwind-merge here: later classes must not fight earlier ones). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
