/**
 * Sends one coach this week's digest now, whatever the schedule and the switches, so a human can
 * look at it (in local mode it lands in $OUTBOX_DIR/email.jsonl, HTML and text parts):
 *
 *   npm run digest -- demo@cadence.local
 *
 * It holds the week that ended last Sunday, as Monday's digest does. Nothing is recorded in
 * scheduled_emails: Monday's scheduled digest still goes.
 */
import { config } from '../server/config';
import { sendDigestNow } from '../server/services/scheduled-emails';
import { runScript, withScriptDatabase } from './lib/database';

runScript(async () => {
  const email = process.argv[2];
  if (!email) throw new Error('Usage: npm run digest -- <coach e-mail>');
  await withScriptDatabase(async ({ source }) => {
    const sent = await sendDigestNow(email);
    process.stdout.write(`\nSent "${sent.subject}" to ${sent.to} (database: ${source}; outbox: ${config().outboxDir}).\n`);
  });
});
