/**
 * A billing and usage dataset for the admin screens on top of the demo seed: coaches on each plan
 * with subscriptions and monthly payments (one failed, one pending, one cancelled subscription),
 * some clients, outside-service calls with varied errors, and a second (basic) administrator.
 * Dates are relative to now; re-running replaces the dataset.
 *
 *   npx tsx tests/e2e/admin-dataset.ts <database url>
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { hashPassword } from '../../server/auth/passwords';

const DOMAIN = 'admin-demo.cadence.local';
export const ADMIN_DEMO_PASSWORD = 'Demo!Admin-Data-2026';
const DAY = 24 * 60 * 60 * 1000;

interface Coach {
  first: string;
  last: string;
  plan: 'free' | 'basic' | 'professional' | 'enterprise';
  joinedDaysAgo: number;
  /** Paid subscription start, days ago; absent for free. */
  subscribedDaysAgo?: number;
  priceCents?: number;
  cancelledDaysAgo?: number;
}

export const ADMIN_DEMO_COACHES: Coach[] = [
  { first: 'Riley', last: 'Harper', plan: 'enterprise', joinedDaysAgo: 170, subscribedDaysAgo: 165, priceCents: 49999 },
  { first: 'Jordan', last: 'Reyes', plan: 'professional', joinedDaysAgo: 140, subscribedDaysAgo: 120, priceCents: 9900 },
  { first: 'Morgan', last: 'Lee', plan: 'professional', joinedDaysAgo: 75, subscribedDaysAgo: 70, priceCents: 9900 },
  { first: 'Avery', last: 'Quinn', plan: 'basic', joinedDaysAgo: 100, subscribedDaysAgo: 95, priceCents: 1900 },
  { first: 'Casey', last: 'Nguyen', plan: 'basic', joinedDaysAgo: 40, subscribedDaysAgo: 38, priceCents: 1900 },
  { first: 'Taylor', last: 'Brooks', plan: 'free', joinedDaysAgo: 130, subscribedDaysAgo: 125, priceCents: 1900, cancelledDaysAgo: 50 },
  { first: 'Sam', last: 'Patel', plan: 'free', joinedDaysAgo: 20 },
  { first: 'Drew', last: 'Kim', plan: 'free', joinedDaysAgo: 3 },
];

const emailOf = (c: Coach) => `${c.first.toLowerCase()}.${c.last.toLowerCase()}@${DOMAIN}`;

export async function seedAdminDataset(databaseUrl: string): Promise<{ coaches: { email: string; plan: string }[]; basicAdmin: string }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const now = Date.now();
  const ago = (days: number, hour = 10) => {
    const d = new Date(now - days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const hash = await hashPassword(ADMIN_DEMO_PASSWORD);
  try {
    await sql.begin(async (tx) => {
      await tx`delete from api_usage where user_id in (select id from users where email like ${`%@${DOMAIN}`})`;
      await tx`delete from users where email like ${`%@${DOMAIN}`}`;
      for (const [i, c] of ADMIN_DEMO_COACHES.entries()) {
        const [user] = await tx<{ id: string }[]>`
          insert into users (email, username, password_hash, first_name, last_name, role, is_verified, plan_id, created_at, last_login)
          values (${emailOf(c)}, ${`${c.first}${c.last[0]}`.toLowerCase()}, ${hash}, ${c.first}, ${c.last}, 'coach', true, ${c.plan},
                  ${ago(c.joinedDaysAgo)}, ${c.joinedDaysAgo > 60 && i % 3 === 0 ? ago(70) : ago(Math.min(c.joinedDaysAgo, 2 + i))})
          returning id`;
        const userId = user!.id;
        for (let k = 0; k < (i % 3) + 1; k += 1) {
          await tx`insert into clients (coach_id, first_name, last_name, email, created_at)
                   values (${userId}, ${['Alex', 'Blake', 'Charlie'][k]!}, ${c.last}, ${`client${k}.${emailOf(c)}`}, ${ago(Math.max(0, c.joinedDaysAgo - 5 - k * 7))})`;
        }
        if (c.subscribedDaysAgo === undefined) continue;
        const subPlan = c.cancelledDaysAgo !== undefined ? 'basic' : c.plan;
        const subscriptionId = randomUUID();
        await tx`
          insert into subscriptions (id, user_id, plan_id, status, provider, price_cents, current_period_start, current_period_end, created_at, canceled_at)
          values (${subscriptionId}, ${userId}, ${subPlan}, ${c.cancelledDaysAgo !== undefined ? 'canceled' : 'active'}, 'local', ${c.priceCents!},
                  ${ago(c.subscribedDaysAgo % 30)}, ${ago((c.subscribedDaysAgo % 30) - 30)}, ${ago(c.subscribedDaysAgo)},
                  ${c.cancelledDaysAgo !== undefined ? ago(c.cancelledDaysAgo) : null})`;
        const until = c.cancelledDaysAgo ?? 0;
        for (let d = c.subscribedDaysAgo, n = 0; d >= until; d -= 30, n += 1) {
          const failed = c.first === 'Avery' && n === 1;
          const pending = c.first === 'Jordan' && d < 30;
          const date = ago(d);
          await tx`
            insert into transactions (user_id, subscription_id, plan_id, description, amount_cents, status, date, created_at, provider_invoice_id, invoice_url)
            values (${userId}, ${subscriptionId}, ${subPlan}, ${`${subPlan[0]!.toUpperCase()}${subPlan.slice(1)} plan — monthly`}, ${c.priceCents!},
                    ${failed ? 'failed' : pending ? 'pending' : 'succeeded'}, ${date}, ${date}, ${`local_in_${randomUUID().slice(0, 8)}`},
                    ${failed || pending ? null : `/api/billing/invoices/local_in_${n}`})`;
          if (failed) {
            const retry = new Date(date.getTime() + 2 * DAY);
            await tx`
              insert into transactions (user_id, subscription_id, plan_id, description, amount_cents, status, date, created_at, provider_invoice_id)
              values (${userId}, ${subscriptionId}, ${subPlan}, 'Basic plan — monthly (retry)', ${c.priceCents!}, 'succeeded', ${retry}, ${retry}, ${`local_in_${randomUUID().slice(0, 8)}`})`;
          }
        }
      }
      // Outside-service calls beyond the demo coach's: e-mail through Resend and payments through Stripe.
      const [riley] = await tx<{ id: string }[]>`select id from users where email = ${emailOf(ADMIN_DEMO_COACHES[0]!)}`;
      const stripeErrors = ['Your card was declined.', 'Your card has insufficient funds.', 'An error occurred while processing your card.'];
      for (let d = 0; d < 28; d += 1) {
        const at = ago(d, 8 + (d % 10));
        await tx`insert into api_usage (user_id, service, operation, status, status_code, response_ms, cost_usd, created_at)
                 values (${riley!.id}, 'resend', 'emails.send', 'success', 200, ${180 + ((d * 37) % 200)}, 0.0004, ${at})`;
        const error = d % 5 === 2 ? stripeErrors[d % 3]! : null;
        await tx`insert into api_usage (user_id, service, operation, status, status_code, response_ms, cost_usd, error_message, created_at)
                 values (${riley!.id}, 'stripe', ${d % 2 ? 'invoices.pay' : 'subscriptions.retrieve'}, ${error ? 'error' : 'success'}, ${error ? 402 : 200},
                         ${220 + ((d * 53) % 400)}, 0, ${error}, ${at})`;
      }
      await tx`
        insert into users (email, username, password_hash, first_name, last_name, role, admin_level, admin_permissions, is_verified, created_at)
        values (${`analyst@${DOMAIN}`}, 'analyst', ${hash}, 'Ana', 'Lyst', 'admin', 'basic', ${['admin:view_analytics', 'admin:view_billing']}, true, ${ago(30)})`;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { coaches: ADMIN_DEMO_COACHES.map((c) => ({ email: emailOf(c), plan: c.plan })), basicAdmin: `analyst@${DOMAIN}` };
}

if (process.argv[1]?.endsWith('admin-dataset.ts')) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) throw new Error('Usage: npx tsx tests/e2e/admin-dataset.ts <database url>');
  const result = await seedAdminDataset(url);
  process.stdout.write(`Admin dataset: ${result.coaches.length} coaches, basic admin ${result.basicAdmin} (password ${ADMIN_DEMO_PASSWORD})\n`);
}
