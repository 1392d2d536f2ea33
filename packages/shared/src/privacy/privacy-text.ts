import { DELETE_CONFIRMATION } from './schemas';

/** The words of the privacy sections of /account-settings (decision 0059). */
export const privacyText = {
  download: {
    title: 'Download my data',
    text: 'Everything OpenRide stores about you — your profile, rides, payments, messages, notifications and more — as one JSON file.',
    button: 'Download my data',
    busy: 'Preparing…',
    failed: 'Could not prepare your data. Try again.',
  },
  delete: {
    title: 'Delete account',
    text: 'Your name, email, phone, photos and saved details are erased, and you are signed out everywhere. Rides and payments are kept, as the law requires, without your identity. This cannot be undone.',
    notAllowed: 'You cannot delete your account while a ride is under way or while you owe money.',
    open: 'Delete account…',
    confirmLabel: `Type ${DELETE_CONFIRMATION} to confirm`,
    passwordLabel: 'Current password',
    submit: 'Delete my account forever',
    busy: 'Deleting…',
    cancel: 'Cancel',
    done: 'Your account has been deleted.',
  },
  deletedName: 'Deleted user',
  /** What a deleted account's support messages read afterwards (the ticket stays for the operator). */
  erasedMessage: '(erased with the account)',
  /** What a deleted account's email or phone reads where someone else's words had copied it (decision 0075). */
  removedDetail: '[removed]',
} as const;
