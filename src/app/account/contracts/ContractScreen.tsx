import type { MouseEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { hasUserToken } from '../../api/session';
import { AccountShell } from '../AccountShell';
import { useMe } from '../queries';
import { CONTRACT_NOT_FOUND } from './api';
import { ContractDetail } from './ContractDetail';
import { StepMessage } from './StepMessage';

/** What the list (or the offer) hands to the screen it opens: a result to show, and that "back" is history. */
export interface ScreenState {
  notice?: string;
  fromList?: boolean;
}

/** /akun/kontrak/{id}: one contract on a screen of its own, deep-linkable; "back" returns to the list where it was. */
export default function ContractScreen() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as ScreenState;
  const signedIn = hasUserToken();
  const profile = useMe(signedIn);
  const me = profile.data;
  const error = profile.error ? errorMessage(profile.error) : null;
  const contractId = Number(id);

  if (!signedIn) return <Navigate to="/login" replace />;

  // Opened from the list: going back is the browser's back, which lands on the contract's row.
  const back = (event: MouseEvent) => {
    if (!state.fromList) return;
    event.preventDefault();
    navigate(-1);
  };
  const role = me?.role === 'petani' || me?.role === 'mitra' ? me.role : null;
  return (
    <AccountShell title="Kontrak" user={me?.full_name}>
      <Link to={`/akun#kontrak-${id}`} onClick={back}>
        <span aria-hidden="true">←</span> Kembali ke daftar kontrak
      </Link>
      <StepMessage text={error} />
      {!Number.isInteger(contractId) || contractId < 1 ? (
        <StepMessage text={CONTRACT_NOT_FOUND} />
      ) : role ? (
        <ContractDetail key={contractId} id={contractId} role={role} notice={state.notice} />
      ) : (
        me && <StepMessage text="Halaman kontrak hanya untuk petani dan mitra." />
      )}
      {!me && !error && <p className="notice page-loading">Memuat kontrak…</p>}
    </AccountShell>
  );
}
