import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { allowedFrom, type ContractAction } from '../../../shared/contract-lifecycle';
import { MESSAGES } from '../../../shared/messages';
import { ADVANCE_KIND_LABEL, PAYMENT_METHOD_LABEL, PAYMENT_STATUS_LABEL } from '../../../shared/settlement';
import { errorMessage } from '../../api/client';
import { formatDateTime, formatLongDate, formatRupiah } from '../../site/format';
import { DataTable } from '../DataTable';
import { AdvanceForm, PaymentForm } from './MoneyForms';
import { useMoneyApi, type ContractMoney, type Settlement } from './money-api';
import { contractKeys } from './queries';
import { StepMessage } from './StepMessage';
import { TermList } from './TermList';
import type { Contract, PartyRole } from './types';

const T = MESSAGES.money;

/** The contract's money, read with it (under its key, so every step on the contract reads it again). */
export const moneyKey = (id: number) => [...contractKeys.one(id), 'money'] as const;

const may = (action: ContractAction, role: PartyRole, status: string) =>
  (allowedFrom(action, role) as readonly string[]).includes(status);

/** Whether a contract in `status` has money to show: some party may take a step on it from there. */
export const hasMoney = (status: string) =>
  (['advance', 'confirm_advance', 'pay', 'confirm_payment'] as const).some(
    (action) => may(action, 'mitra', status) || may(action, 'petani', status),
  );

/** The statement: what was delivered, deducted, paid, awaits confirmation and is still owed. */
function Statement({ settlement: s }: { settlement: Settlement }) {
  const rows: [string, ReactNode][] = [
    [T.gross, formatRupiah(s.gross)],
    [T.advances, s.advances > 0 ? `− ${formatRupiah(s.advances)}` : formatRupiah(0)],
    [T.net, formatRupiah(s.net)],
    [T.paid, formatRupiah(s.paid)],
    [T.pending, formatRupiah(s.pending)],
    [T.outstanding, formatRupiah(s.outstanding)],
    [T.dueDate, s.due_date ? formatLongDate(s.due_date) : T.noDueDate],
    [T.paymentDaysLabel, T.paymentDays(s.payment_days)],
  ];
  if (s.advance_balance > 0) rows.push([T.advanceBalance, formatRupiah(s.advance_balance)]);
  const status = (
    <span className={`status-chip payment-${s.payment_status}`}>
      {PAYMENT_STATUS_LABEL[s.payment_status]}
    </span>
  );
  return <TermList rows={[[T.status, status], ...rows]} label={T.statement} />;
}

/** A payment's proof photo, read with the session when asked for (it has no public address). */
function ProofPhoto({
  contractId,
  paymentId,
  amount,
}: {
  contractId: number;
  paymentId: number;
  amount: number;
}) {
  const api = useMoneyApi();
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);
  // The photo's object URL lives as long as it is shown.
  useEffect(() => (src ? () => URL.revokeObjectURL(src) : undefined), [src]);
  const show = async () => {
    setFailed(false);
    try {
      setSrc(URL.createObjectURL(await api.fetchPaymentPhoto(contractId, paymentId)));
    } catch {
      setFailed(true);
    }
  };
  if (src) return <img src={src} alt={T.proofAlt(amount)} style={{ maxWidth: '100%', maxHeight: 240 }} />;
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => void show()}>
        {T.showProof}
      </button>
      {failed && <span role="alert">{T.proofFailed}</span>}
    </>
  );
}

/** Confirmed, or the petani's Konfirmasi button, or that it awaits the petani. */
function Confirmation({
  confirmedAt,
  canConfirm,
  label,
  onConfirm,
}: {
  confirmedAt: string | null;
  canConfirm: boolean;
  label: string;
  onConfirm: () => void;
}) {
  if (confirmedAt) return <>{`${T.confirmed} ${formatDateTime(confirmedAt)}`}</>;
  if (!canConfirm) return <>{T.awaitingPetani}</>;
  return (
    <button type="button" className="btn btn-primary" aria-label={label} onClick={onConfirm}>
      {T.confirm}
    </button>
  );
}

type Outcome = { text: string; success: boolean; n: number } | null;

/**
 * A contract's money for its parties: the statement and its PDF, the advances and the payments, the mitra's
 * forms to record them and the petani's confirmations. Each result shows in the part where it was asked for,
 * focused (StepMessage), and the contract and its money are read again.
 */
export function PaymentSection({ contract, role }: { contract: Contract; role: PartyRole }) {
  const api = useMoneyApi();
  const client = useQueryClient();
  const titleId = useId();
  const query = useQuery({ queryKey: moneyKey(contract.id), queryFn: () => api.fetchMoney(contract.id) });
  const [open, setOpen] = useState<'advance' | 'payment' | null>(null);
  const [outcome, setOutcome] = useState<{ part: 'statement' | 'advances' | 'payments'; o: Outcome }>();
  const say = (part: 'statement' | 'advances' | 'payments', text: string, success: boolean) =>
    setOutcome((prev) => ({ part, o: { text, success, n: (prev?.o?.n ?? 0) + 1 } }));
  const reload = () => void client.invalidateQueries({ queryKey: contractKeys.all });
  const messageOf = (part: 'statement' | 'advances' | 'payments') =>
    outcome?.part === part && outcome.o ? (
      <StepMessage key={outcome.o.n} text={outcome.o.text} success={outcome.o.success} />
    ) : null;

  const step = async (part: 'advances' | 'payments', write: () => Promise<unknown>, done: string) => {
    try {
      await write();
      say(part, done, true);
      reload();
    } catch (err) {
      say(part, errorMessage(err), false);
    }
  };

  const status = contract.status;
  const data: ContractMoney | undefined = query.data;
  return (
    <section aria-labelledby={titleId} className="payment-section">
      <h2 id={titleId}>{T.title}</h2>
      {!data ? (
        query.error ? (
          <StepMessage text={errorMessage(query.error)} />
        ) : (
          <p className="notice">{T.loading}</p>
        )
      ) : (
        <>
          <Statement settlement={data.settlement} />
          <p>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() =>
                void api.downloadStatement(contract.id, contract.verification_code).then(
                  (name) => say('statement', T.statementDownloaded(String(name)), true),
                  (err: unknown) => say('statement', errorMessage(err), false),
                )
              }
            >
              {T.downloadStatement}
            </button>
          </p>
          {messageOf('statement')}

          <h3>{T.advancesTitle}</h3>
          {messageOf('advances')}
          {data.advances.length === 0 ? (
            <p>{T.noAdvances}</p>
          ) : (
            <DataTable
              label={T.advancesTitle}
              headers={[T.columns.kind, T.columns.amount, T.columns.date, T.columns.note, T.columns.state]}
            >
              {data.advances.map((a) => (
                <tr key={a.id}>
                  <td>{ADVANCE_KIND_LABEL[a.kind]}</td>
                  <td>{formatRupiah(a.amount)}</td>
                  <td>{formatLongDate(a.date)}</td>
                  <td>{a.note ?? '-'}</td>
                  <td>
                    <Confirmation
                      confirmedAt={a.confirmed_at}
                      canConfirm={role === 'petani' && may('confirm_advance', 'petani', status)}
                      label={T.confirmAdvanceLabel(ADVANCE_KIND_LABEL[a.kind], a.amount)}
                      onConfirm={() =>
                        void step('advances', () => api.confirmAdvance(contract.id, a.id), T.advanceConfirmed)
                      }
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          {role === 'mitra' &&
            may('advance', 'mitra', status) &&
            (open === 'advance' ? (
              <AdvanceForm
                contractId={contract.id}
                onCancel={() => setOpen(null)}
                onDone={() => {
                  setOpen(null);
                  say('advances', T.advanceRecorded, true);
                  reload();
                }}
              />
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setOpen('advance')}>
                {T.newAdvance}
              </button>
            ))}

          <h3>{T.paymentsTitle}</h3>
          {messageOf('payments')}
          {data.payments.length === 0 ? (
            <p>{T.noPayments}</p>
          ) : (
            <DataTable
              label={T.paymentsTitle}
              headers={[
                T.columns.amount,
                T.columns.method,
                T.columns.reference,
                T.columns.date,
                T.columns.proof,
                T.columns.state,
              ]}
            >
              {data.payments.map((p) => (
                <tr key={p.id}>
                  <td>{formatRupiah(p.amount)}</td>
                  <td>{PAYMENT_METHOD_LABEL[p.method]}</td>
                  <td>{p.reference}</td>
                  <td>{formatLongDate(p.date)}</td>
                  <td>
                    {p.photo_document_id === null ? (
                      T.noProof
                    ) : (
                      <ProofPhoto contractId={contract.id} paymentId={p.id} amount={p.amount} />
                    )}
                  </td>
                  <td>
                    <Confirmation
                      confirmedAt={p.confirmed_at}
                      canConfirm={role === 'petani' && may('confirm_payment', 'petani', status)}
                      label={T.confirmPaymentLabel(p.amount)}
                      onConfirm={() =>
                        void step('payments', () => api.confirmPayment(contract.id, p.id), T.paymentConfirmed)
                      }
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          {role === 'mitra' &&
            may('pay', 'mitra', status) &&
            (open === 'payment' ? (
              <PaymentForm
                contractId={contract.id}
                onCancel={() => setOpen(null)}
                onDone={() => {
                  setOpen(null);
                  say('payments', T.paymentRecorded, true);
                  reload();
                }}
              />
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setOpen('payment')}>
                {T.newPayment}
              </button>
            ))}
        </>
      )}
    </section>
  );
}
