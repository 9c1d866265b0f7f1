import { useId, useState } from 'react';
import { ArticleFrame } from './ArticlePage';
import { ContactOptions } from './ContactOptions';
import { SUPPORT } from './contact';

/** /help/chat: the contact options plus a message form that opens the visitor's email app, prefilled. */
export function ChatPage() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const ids = { subject: useId(), message: useId() };
  const mailto = `mailto:${SUPPORT.email}?subject=${encodeURIComponent(subject || 'Pertanyaan TaniMitra')}&body=${encodeURIComponent(message)}`;
  return (
    <ArticleFrame
      title="Hubungi Kami"
      lead={
        <p>
          Tim support kami siap membantu. Jam layanan telepon {SUPPORT.hours}; email dibalas dalam 24 jam.
        </p>
      }
    >
      <ContactOptions chat={false} />
      <h2>Kirim Pesan</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          window.location.href = mailto;
        }}
      >
        <div className="field">
          <label htmlFor={ids.subject}>Subjek</label>
          <input id={ids.subject} value={subject} onChange={(e) => setSubject(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.message}>Pesan</label>
          <textarea
            id={ids.message}
            rows={5}
            required
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Kirim lewat Email
        </button>
      </form>
      <p>Alamat kantor: {SUPPORT.address}</p>
    </ArticleFrame>
  );
}
