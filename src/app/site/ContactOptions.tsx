import { Link } from 'react-router-dom';
import { SUPPORT } from './contact';

/** Email, live chat and phone — the help centre's contact options. */
export function ContactOptions({ chat = true }: { chat?: boolean }) {
  return (
    <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
      <li className="card">
        <h3>Email</h3>
        <p>Kirim pertanyaan Anda kapan saja, kami membalas dalam 24 jam.</p>
        <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
      </li>
      {chat && (
        <li className="card">
          <h3>Live Chat</h3>
          <p>Chat dengan tim support kami lewat WhatsApp pada jam layanan, atau kirim pesan lewat email.</p>
          <Link to="/help/chat">Mulai chat</Link>
        </li>
      )}
      <li className="card">
        <h3>Telepon</h3>
        <p>{SUPPORT.hours}</p>
        <a href={SUPPORT.phoneHref}>{SUPPORT.phoneDisplay}</a>
      </li>
    </ul>
  );
}
