import { type Env, stripeConfigured, testPaymentsEnabled } from '../env';
import type { PaymentProvider } from './provider';
import { testCardProvider } from './test-card-provider';

/**
 * The deployment's card processor (decision 0038): Stripe when its three keys are set; else, outside
 * production, the test card provider; else none (riders pay cash). `testCardProvider` itself throws in
 * production, so no path builds it there. Stripe's client is loaded only where it is configured (its module
 * costs a tenth of a second at every start).
 */
export async function paymentProviderOf(env: Env): Promise<PaymentProvider | null> {
  if (stripeConfigured(env))
    return (await import('./stripe-provider')).stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY!,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    });
  if (testPaymentsEnabled(env)) return testCardProvider(env);
  return null;
}
