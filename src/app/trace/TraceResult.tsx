import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../shared/messages';
import { formatLongDate, formatNumber } from '../site/format';
import type { Trace } from './api';

const T = MESSAGES.lot;

const Row = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
);

/** A lot's origin: its heading takes the focus when it arrives, then what was delivered, where from, under which contract. */
export function TraceResult({ trace }: { trace: Trace }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [trace]);
  const where = trace.location;
  const region = where ? [where.sub_district, where.district, where.province].filter(Boolean).join(', ') : '';
  return (
    <section className="card" aria-labelledby="trace-lot" style={{ padding: 24 }}>
      <h2 id="trace-lot" ref={heading} tabIndex={-1} style={{ marginTop: 0, overflowWrap: 'anywhere' }}>
        {T.traceFound(trace.lot_code)}
      </h2>
      <dl className="terms">
        <Row label={T.traceCommodity} value={trace.commodity} />
        <Row label={T.traceGrade} value={trace.grade} />
        <Row label={T.traceQuantity} value={`${formatNumber(trace.accepted_quantity)} ${trace.unit}`} />
        <Row label={T.traceDate} value={formatLongDate(trace.date)} />
        <Row label={T.traceRegion} value={region || '-'} />
        <Row label={T.traceContract} value={trace.verification_code} />
      </dl>
      <p>
        <Link className="btn btn-outline" to={`/verifikasi/${trace.verification_code}`}>
          {T.traceVerify}
        </Link>
      </p>
      <p className="notice">{T.tracePrivacy}</p>
    </section>
  );
}
