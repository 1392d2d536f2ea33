/** What a person starting the server needs to read first, as plain lines (the JSON log has the same facts). */
export type WelcomeFacts = {
  url: string;
  /** Other addresses this server answers at (LAN), shown so a phone on the same network can open it. */
  otherUrls?: string[];
  adminUrl: string;
  outboxUrl?: string;
  demo?: { password: string; rider: string; admin: string; drivers: string };
};

export function formatWelcome(facts: WelcomeFacts): string {
  const lines = ['', `  OpenRide is running at ${facts.url}`];
  for (const other of facts.otherUrls ?? []) lines.push(`  Also at             ${other}`);
  lines.push(`  Admin panel         ${facts.adminUrl}  (admins only; everyone else sees "not found")`);
  if (facts.outboxUrl) lines.push(`  Dev outbox          ${facts.outboxUrl}  (emails and SMS land here; only from this machine or for an admin)`);
  if (facts.demo) {
    lines.push('', `  Demo city: every demo account's password is ${facts.demo.password}`);
    lines.push(`    rider             ${facts.demo.rider}`);
    lines.push(`    admin             ${facts.demo.admin}`);
    lines.push(`    drivers           ${facts.demo.drivers}`);
  }
  lines.push('');
  return lines.join('\n');
}
