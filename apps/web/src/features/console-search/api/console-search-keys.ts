/** Every query key of the console's search (issue 29 §1). */
export const consoleSearchKeys = {
  all: ['admin', 'search'] as const,
  records: (q: string) => ['admin', 'search', q] as const,
};
