/** Masked calls between a ride's rider and driver (decision 0034): the words both sides read. */
export const callText = {
  call: (firstName: string) => `Call ${firstName}`,
  calling: (firstName: string) => `Your phone will ring in a moment. Answer it to be connected to ${firstName}. Neither of you sees the other's number.`,
};
