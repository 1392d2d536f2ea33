/** The words of SOS (issue 15, decision 0061): the button, its dialog, the operators' alert, the text message. */
export const sosText = {
  button: {
    label: 'SOS',
    hint: 'Emergency help',
    confirmTitle: 'Send an SOS?',
    /** Exactly what a press does, before it is done. */
    confirmItems: (contacts: number | null) => [
      'The operator’s team is alerted at once, with this ride and the car’s live position.',
      contacts === null
        ? 'Your emergency contacts are texted a live link to follow this trip.'
        : contacts === 0
          ? 'You have no emergency contacts to text (add them in Account settings).'
          : `Your ${contacts === 1 ? 'emergency contact is' : `${contacts} emergency contacts are`} texted a live link to follow this trip.`,
    ],
    confirm: 'Send SOS',
    sending: 'Sending…',
    keep: 'Cancel',
    sent: 'SOS sent — operators are alerted',
    sentContacts: (n: number) =>
      n === 0 ? 'No emergency contacts were texted.' : `${n === 1 ? 'Your emergency contact was' : `Your ${n} emergency contacts were`} texted a live link.`,
    call: (number: string) => `Call emergency services (${number})`,
    callHint: 'If you are in danger, call now.',
    failed: 'The SOS could not be sent. Try again, and call emergency services if you are in danger.',
  },
  admin: {
    region: 'SOS alerts',
    title: (name: string) => `SOS from ${name}`,
    role: { rider: 'rider', driver: 'driver' } as Record<'rider' | 'driver', string>,
    from: (name: string, role: string) => `${name} (${role})`,
    raisedAt: (time: string) => `Raised ${time}`,
    ride: 'Open the ride',
    ticket: (number: string) => `Ticket ${number}`,
    noPosition: 'No position known for this ride.',
    position: 'Live position',
    resolve: 'Resolve',
    resolveTitle: 'Resolve this SOS?',
    resolveText: 'The alert closes for every operator. The ride and its ticket stay as they are.',
    noteLabel: 'What was done',
    noteRequired: 'Say what was done.',
    resolved: 'SOS resolved',
    resolveFailed: 'The SOS could not be resolved.',
    soundOn: 'Sound on',
    mute: 'Mute',
    enableSound: 'Click to enable sound',
    acknowledge: 'Acknowledge (stop the alarm)',
    loadFailed: 'SOS alerts could not be loaded. Retrying…',
  },
  /** The operators' notification (kind safety). */
  notice: {
    title: (name: string) => `SOS from ${name}`,
    message: (role: string, ticket: string) => `A ${role} pressed SOS during a ride. Urgent safety ticket ${ticket}.`,
  },
  ticket: {
    message: (role: string) => `SOS pressed by the ${role} during this ride.`,
  },
  /** The text message to an emergency contact. */
  sms: {
    subject: 'SOS',
    body: (name: string, link: string, service: string) => `${service}: ${name} pressed SOS during a ride and may need help. Follow the trip live: ${link}`,
  },
  eventDetail: { rider: 'rider', driver: 'driver' } as Record<'rider' | 'driver', string>,
  errors: {
    rideNotActive: 'SOS is for a ride under way: this ride has not started or has ended.',
    alreadyResolved: 'This SOS was already resolved.',
    notFound: 'No such SOS alert.',
  },
};
