import { type ComplianceItemStatus, type DocumentKind, VALID_ITEM_STATUSES } from './schemas';

/** The words of driver compliance (decision 0049): document names, card statuses, the hold's reasons. */
export const complianceText = {
  kinds: {
    driver_licence: "Driver's licence",
    vehicle_registration: 'Vehicle registration',
    insurance: 'Insurance',
    profile_photo: 'Profile photo',
    background_check: 'Background check',
  } satisfies Record<DocumentKind, string>,
  statuses: {
    missing: 'Missing',
    in_review: 'In review',
    approved: 'Approved',
    rejected: 'Rejected',
    expiring: 'Expiring soon',
    expired: 'Expired',
  } satisfies Record<ComplianceItemStatus, string>,
  expiresIn: (days: number) => (days <= 0 ? 'Expires today' : days === 1 ? 'Expires tomorrow' : `Expires in ${days} days`),
  /** One sentence per required paper that keeps the driver off the road. */
  holdReason: (label: string, status: ComplianceItemStatus, detail: { expires_on: string | null; rejection_reason: string | null }): string => {
    switch (status) {
      case 'missing':
        return `${label}: not uploaded yet.`;
      case 'in_review':
        return `${label}: waiting for review.`;
      case 'rejected':
        return `${label}: rejected${detail.rejection_reason ? ` (${detail.rejection_reason})` : ''}. Upload it again.`;
      case 'expired':
        return `${label}: expired${detail.expires_on ? ` on ${detail.expires_on}` : ''}. Upload the renewed one.`;
      default:
        return `${label}: not valid.`;
    }
  },
  /**
   * What an approved driver still needs before going online (decision 0081), after approval's words (on /driver
   * and in the approval notice): the required papers to upload, or that they wait for review; null when none.
   */
  beforeOnline: (items: ReadonlyArray<{ label: string; required: boolean; status: ComplianceItemStatus }>): string | null => {
    const holding = items.filter((item) => item.required && !VALID_ITEM_STATUSES.includes(item.status));
    if (holding.length === 0) return null;
    const toUpload = holding.filter((item) => item.status !== 'in_review').map((item) => item.label);
    return toUpload.length
      ? `Before you can go online, upload: ${toUpload.join(', ')}.`
      : 'Before you can go online, your papers must be approved. They are waiting for review.';
  },
  /** The refusal when a driver on hold tries to go online. */
  onHold: (reasons: string[]) => `You can't go online until your papers are in order. ${reasons.join(' ')}`,
  /** Told to a driver taken offline when a paper expires. */
  takenOffline: (label: string) => `Your ${label.toLowerCase()} has expired, so you were taken offline. Upload the renewed one to drive again.`,
  reminder: (label: string, days: number, date: string) =>
    `Your ${label.toLowerCase()} expires ${days === 1 ? 'tomorrow' : `in ${days} days`} (${date}). Upload the renewed one so you can keep driving.`,
};

/** The words of documents (decision 0051): upload refusals, the driver's page, the review page, the notices. */
export const documentText = {
  errors: {
    insurance: 'Insurance is your vehicle’s policy: add it on /vehicles.',
    notConfigured: 'Your city does not ask for this document.',
    fileNotFound: 'That file was not found. Upload it again.',
    notADocument: 'That file was not uploaded as a driver document.',
    fileInUse: 'That file belongs to another document. Upload it again.',
    sameFileTwice: 'The front and the back must be two different files.',
    needsBothSides: 'This document needs two pictures: the front, then the back.',
    oneSideOnly: 'This document takes one file.',
    expiryRequired: 'Enter the expiry date printed on the document.',
    expiryPast: 'That expiry date has passed. Upload a document that is still valid.',
    notFound: 'Document not found',
    alreadyDecided: 'This document was already reviewed. The queue is refreshed.',
    ownDocument: 'You cannot review your own document.',
    cityNotFound: 'City not found',
  },
  notices: {
    approved: (label: string) => ({ type: 'success' as const, title: `${label} approved`, message: `Your ${label.toLowerCase()} is approved.` }),
    rejected: (label: string, reason: string) => ({
      type: 'warning' as const,
      title: `${label} rejected`,
      message: `Your ${label.toLowerCase()} was rejected: ${reason.replace(/[.!?]+$/, '')}. Upload it again on your documents page.`,
    }),
  },
  /** The reasons an admin picks from on /document-review (or writes their own). */
  rejectionTemplates: [
    'Photo is blurry or unreadable',
    'Document has expired',
    'Name does not match your account',
    'All four corners must be visible',
    'Wrong document',
  ],
  sides: { one: 'One picture', front_back: 'Front and back' },
  driver: {
    title: 'Your documents',
    intro: 'Upload the papers your city asks for. An admin reviews each one; you are told either way.',
    onHoldTitle: "You can't go online yet",
    required: 'Required',
    optional: 'Optional',
    front: 'Front',
    back: 'Back',
    file: 'Document',
    frontOf: (label: string) => `${label}, front`,
    backOf: (label: string) => `${label}, back`,
    expiresOn: 'Expiry date',
    expiresOnHint: 'The last day printed on the document.',
    submit: 'Send for review',
    sending: 'Sending…',
    sent: 'Sent for review',
    upload: 'Upload',
    uploadNew: 'Upload a new one',
    renewalInReview: 'Your renewal is in review; the approved one stays valid until then.',
    rejectedBecause: (reason: string) => `Reason: ${reason}`,
    validUntil: (date: string) => `Valid until ${date}`,
    expiredOn: (date: string) => `Expired on ${date}`,
    insuranceHint: 'Insurance is your vehicle’s policy.',
    insuranceLink: 'Manage insurance on Vehicles',
    loadFailed: "We couldn't load your documents.",
    saveFailed: "We couldn't send your document. Try again.",
    notApproved: 'Documents come after your application is approved.',
    chooseFront: 'Upload the front first.',
    chooseBack: 'Upload the back too.',
    chooseFile: 'Upload a file first.',
    pictureAlt: (label: string, n: number) => `${label}, picture ${n}`,
  },
  admin: {
    title: 'Document review',
    intro: 'Documents waiting for review, oldest first. Open one to see it large beside the driver’s details.',
    columns: { submitted: 'Submitted', driver: 'Driver', kind: 'Document', city: 'City', expires: 'Expiry', actions: 'Actions' },
    filters: { kind: 'Document', city: 'City' },
    open: 'Review',
    openLabel: (name: string, label: string) => `Review ${label} of ${name}`,
    empty: 'No documents are waiting for review.',
    loadFailed: "We couldn't load the documents.",
    close: 'Close',
    front: 'Front',
    back: 'Back',
    openPdf: 'Open the PDF',
    application: 'Application',
    name: 'Name',
    phone: 'Phone',
    licence: 'Licence number',
    vehicle: 'Vehicle',
    applied: 'Applied',
    city: 'City',
    papers: 'Their other papers',
    approve: 'Approve',
    approveTitle: 'Approve',
    expiresOn: 'Expiry date (confirm)',
    expiresOnHint: 'Pre-filled from the driver’s date. Check it against the document.',
    expiryRequired: 'Confirm the expiry date.',
    reject: 'Reject',
    rejectTitle: 'Reject',
    template: 'Reason',
    templatePlaceholder: 'Choose a reason…',
    writeOwn: 'Write my own',
    reason: 'Reason sent to the driver',
    reasonRequired: 'Give a reason (at least 3 characters).',
    approved: 'Document approved',
    rejected: 'Document rejected',
    noExpiry: '—',
    requirementsTitle: 'Requirements',
    requirementsIntro: 'Per city: which papers a driver needs before going online. A newly required kind holds drivers who lack it at once.',
    kind: 'Document',
    requiredLabel: 'Required',
    expiryLabel: 'Expiry',
    sidesLabel: 'Pictures',
    saveRequirements: 'Save requirements',
    requirementsSaved: 'Requirements saved',
    insuranceNote: 'verified on /insurance-verification',
  },
};
