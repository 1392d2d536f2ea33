/** The words of staff two-factor sign-in (issue 29 §4, decision 0090): the page, its refusals, its form. */
export const twoFactorText = {
  /** The authenticator app's name for the account (the issuer shown above the codes). */
  issuer: (appName: string) => `${appName} console`,
  form: {
    codeLabel: 'Code',
    codeHint: 'The 6 digits your authenticator app shows, or one of your recovery codes.',
    enrolCodeHint: 'The 6 digits your authenticator app shows now.',
    codeRequired: 'Enter the code.',
    codeTooLong: 'That code is too long.',
    codeShape: 'Enter the 6 digits from your app, or a recovery code.',
  },
  refusals: {
    enrolmentRequired: 'Your role signs in with a second factor. Set up an authenticator app to open the console.',
    required: 'Enter the code from your authenticator app to open the console.',
    codeInvalid: 'That code is not right. Check the time on your phone and try the newest code.',
    alreadyEnrolled: 'Two-factor sign-in is set up already. An owner can reset it if you lost your device.',
    notEnrolled: 'Two-factor sign-in is not set up for this account.',
    notStaff: 'Two-factor sign-in is for staff members.',
    resetOwn: 'Another owner resets your two-factor sign-in (or `npm run admin -- reset-2fa` on the server).',
    nothingToReset: 'This staff member has no two-factor sign-in to reset.',
  },
  page: {
    title: 'Two-Factor Sign-In',
    loadFailed: "We couldn't load your two-factor sign-in. Check your connection and try again.",
    notStaff: 'Two-factor sign-in protects the console. Your account is not on the staff.',
    // Enrolment
    enrolTitle: 'Set up two-factor sign-in',
    enrolIntro:
      'You will give a code from an authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator…) each time you sign in to the console.',
    requiredIntro: 'Your role must sign in with a second factor before the console opens.',
    start: 'Set up an authenticator app',
    starting: 'Preparing…',
    startFailed: "We couldn't start the setup. Check your connection and try again.",
    step1: '1. Scan this QR code with your authenticator app',
    qrAlt: 'QR code to add your account to an authenticator app',
    step1Manual: 'Or type this key into the app:',
    secretLabel: 'Setup key',
    copyKey: 'Copy key',
    step2: '2. Enter the code the app shows',
    confirm: 'Turn on two-factor sign-in',
    confirming: 'Checking…',
    confirmFailed: "We couldn't check the code. Check your connection and try again.",
    // Recovery codes
    codesTitle: 'Save your recovery codes',
    codesIntro: 'Each code signs you in once if you lose your phone. Keep them somewhere safe, away from your phone: this is the only time they are shown.',
    codesLabel: 'Recovery codes',
    copyCodes: 'Copy codes',
    downloadCodes: 'Download codes',
    copied: 'Copied',
    copyFailed: "Couldn't copy: select the codes and copy them by hand.",
    codesFileName: 'openride-recovery-codes.txt',
    codesFileHeader: (appName: string, email: string) => `${appName} console recovery codes for ${email}. Each works once.`,
    savedThem: 'I saved my recovery codes',
    // Verification
    verifyTitle: 'Confirm it is you',
    verifyIntro: 'Enter the code from your authenticator app to open the console.',
    verify: 'Continue',
    verifying: 'Checking…',
    verifyFailed: "We couldn't check the code. Check your connection and try again.",
    useRecovery: 'Lost your phone? Enter one of your recovery codes instead; each works once.',
    recoveryUsed: (left: number) =>
      left === 0
        ? 'You used your last recovery code. Ask an owner to reset your two-factor sign-in and set it up again.'
        : `You used a recovery code: ${left} left.`,
    // Done
    doneTitle: 'Two-factor sign-in is on',
    doneIntro: (left: number) => `This session is confirmed. ${left} recovery ${left === 1 ? 'code is' : 'codes are'} left.`,
    optionalIntro: 'Your role does not require it, but you may set it up: then every sign-in to the console asks for a code.',
    toConsole: 'Open the console',
  },
  cli: {
    reset: (email: string) => `${email}'s two-factor sign-in is reset: they set it up again at their next sign-in.`,
    nothing: (email: string) => `${email} has no two-factor sign-in.`,
  },
} as const;
