import { AppError } from '@hora/core/errors';
import { formatMoney, money } from '@hora/core/money';
import { transactionParamsSchema } from '@hora/core/validation';
import { freeTimeRefresher } from '../search/free-time.ts';
import { transactionEngine } from '../transactions/engine.ts';
import { seatBookingsReader, transactionRepository } from '../transactions/repository.ts';
import type { OpsCommand, OpsContext } from './command.ts';

function transactionId(args: readonly string[], usage: string): string {
  const parsed = transactionParamsSchema.safeParse({ id: args[0] });
  if (!parsed.success || args.length !== 1) throw new AppError('validation-invalid-params', { title: usage });
  return parsed.data.id;
}

const amount = (minor: number, currency: string) => formatMoney(money(minor, currency), { locale: 'en' });

async function printTransaction(id: string, { db, print }: OpsContext): Promise<void> {
  const repository = transactionRepository(db);
  const stored = await repository.find(id);
  if (!stored) throw new AppError('not-found', { title: `No transaction ${id}` });
  const { transaction: t, booking } = stored;
  print(`Transaction ${t.id}  ${t.state}`);
  print(`  listing   ${t.listingId}`);
  print(`  customer  ${t.customerId}`);
  print(`  provider  ${t.providerId}`);
  if (booking) {
    print(
      `  booking   ${booking.start.toISOString()} – ${booking.end.toISOString()} (holds ${booking.during}: ${booking.holdsSeats ? 'yes' : 'no'})`,
    );
  }
  if (t.payinTotal === null || t.payoutTotal === null) print('  payin     (an enquiry: no price yet)');
  else print(`  payin     ${amount(t.payinTotal, t.currency)}  payout ${amount(t.payoutTotal, t.currency)}`);
  print(`  intent    ${t.paymentIntentId ?? '(none)'} ${t.paymentIntentStatus ?? ''}`.trimEnd());
  print('Transitions:');
  for (const record of stored.transitions) {
    print(`  ${record.position}. ${record.createdAt.toISOString()}  ${record.transition}  by ${record.by}`);
  }
  print('Payments:');
  const payments = await repository.payments(id);
  if (payments.length === 0) print('  (none yet)');
  for (const p of payments) {
    print(
      `  ${p.createdAt.toISOString()}  ${p.transition}/${p.action}  ${p.outcome}  ${amount(p.amount, p.currency)}  ${p.providerObjectId ?? ''}`.trimEnd(),
    );
  }
}

/** The operator's side of the booking process: look at a transaction, cancel an accepted one. */
export const transactionCommands: Record<string, OpsCommand> = {
  'transactions:show': {
    args: '<transaction-id>',
    summary: 'Print a transaction with its transitions and payments',
    async run(args, context) {
      await printTransaction(transactionId(args, 'Usage: transactions:show <transaction-id>'), context);
    },
  },

  'transactions:cancel': {
    args: '<transaction-id>',
    summary: 'Cancel an accepted transaction (operator only); the customer is refunded',
    async run(args, context) {
      const id = transactionId(args, 'Usage: transactions:cancel <transaction-id>');
      const { db, clock, print } = context;
      const engine = transactionEngine({
        db,
        clock,
        freeTime: freeTimeRefresher({ clock, bookings: seatBookingsReader(db) }),
        logger: { info: () => {}, warn: () => {}, error: () => {} },
      });
      await engine.decide({ transactionId: id, transition: 'cancel', actor: 'operator' });
      print(`Transaction ${id} is canceled; the refund is queued (transactions.payment-action).`);
      await printTransaction(id, context);
    },
  },
};
