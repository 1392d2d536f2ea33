/** The reader's language, as the browser says it (the app's language choice takes over with issue 30 §1). */
export const readerLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language) || 'en';
