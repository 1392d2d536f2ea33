import { messages } from '@openride/shared/messages';
import { paths } from '@/config/paths';

const [home, services, pricing, safety, about, contact, help] = messages.nav.links;

/** §2 top navigation, in the spec's order. */
export const navLinks = [
  { label: home, to: paths.home },
  { label: services, to: paths.services },
  { label: pricing, to: paths.pricing },
  { label: safety, to: paths.safety },
  { label: about, to: paths.about },
  { label: contact, to: paths.contact },
  { label: help, to: paths.help },
] as const;
