import axios from 'axios';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { MESSAGES } from '../../shared/messages';
import { AccountShell } from '../account/AccountShell';
import { FormMessage } from '../account/FormMessage';
import { CodeForm } from '../verify/VerifyForms';
import { traceKey, traceLot } from './api';
import { TraceResult } from './TraceResult';

const T = MESSAGES.lot;

const notFound = (err: unknown) => axios.isAxiosError(err) && err.response?.status === 404;

/**
 * /lacak/{lot}: anyone (no sign-in), usually from the QR code on a delivery receipt, sees where a lot comes from
 * — commodity, grade, quantity, date, region — and opens its contract's verification. /lacak asks for the code.
 */
export default function TracePage() {
  const { lot } = useParams();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: traceKey(lot ?? ''),
    queryFn: () => traceLot(lot!),
    enabled: Boolean(lot),
    retry: false,
  });
  const form = (
    <CodeForm
      name={T.traceTitle}
      label={T.traceCode}
      placeholder="XXXX-XXXX-XXXX"
      submit={T.traceSubmit}
      onCheck={(next) => navigate(`/lacak/${encodeURIComponent(next)}`)}
    />
  );
  return (
    <AccountShell title={T.traceTitle}>
      <h1>{T.traceTitle}</h1>
      {!lot && (
        <>
          <p>{T.traceIntro}</p>
          {form}
        </>
      )}
      {lot && query.isError && (
        <>
          <FormMessage text={notFound(query.error) ? T.traceUnknown : T.traceFailed} />
          {form}
        </>
      )}
      {lot && query.data && <TraceResult trace={query.data} />}
    </AccountShell>
  );
}
