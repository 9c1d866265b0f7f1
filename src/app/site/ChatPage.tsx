import { useId, useState } from 'react';
import { ArticleFrame } from './ArticlePage';
import { ContactOptions } from './ContactOptions';
import { SUPPORT } from './contact';

/**
 * /help/chat: a chat with support on WhatsApp (where farmers and buyers chat), opened with the visitor's
 * question; outside its hours, or without WhatsApp, the same message through the visitor's email app.
 */
export function ChatPage() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const ids = { subject: useId(), message: useId() };
  const mailto = `mailto:${SUPPORT.email}?subject=${encodeURIComponent(subject || 'Pertanyaan TaniMitra')}&body=${encodeURIComponent(message)}`;
  const whatsapp = `${SUPPORT.whatsappHref}?text=${encodeURIComponent([subject, message].filter(Boolean).join('\n\n') || 'Halo TaniMitra, saya ingin bertanya.')}`;
  return (
    <ArticleFrame
      title="Hubungi Kami"
      lead={
        <p>
          Tim support kami siap membantu. Jam layanan telepon {SUPPORT.hours}; email dibalas dalam 24 jam.
        </p>
      }
    >
      <h2>Chat lewat WhatsApp</h2>
      <p>
        Tim support membalas chat WhatsApp {SUPPORT.hours}. Tulis pertanyaan Anda di bawah; tombol chat
        membuka WhatsApp dengan pesan itu, siap dikirim.
      </p>
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
        <div className="actions">
          <a className="btn btn-primary" href={whatsapp} target="_blank" rel="noopener noreferrer">
            Chat lewat WhatsApp<span className="visually-hidden">, tab baru</span>
          </a>
          <button type="submit" className="btn btn-outline">
            Kirim lewat Email
          </button>
        </div>
      </form>
      <ContactOptions chat={false} />
      <p>Alamat kantor: {SUPPORT.address}</p>
    </ArticleFrame>
  );
}
