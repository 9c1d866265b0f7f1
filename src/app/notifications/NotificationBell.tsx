import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/format-id';
import { notificationUi as T } from '../../shared/messages/notification-ui';
import { errorMessage } from '../api/client';
import { badgeCount, useNotificationCenter } from './useNotificationCenter';
import './notifications.css';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
      />
    </svg>
  );
}

/**
 * /akun's bell, in the site header: the unread count, and on a press the list under it (newest first, paged),
 * each notification a button that marks it read and opens its link. Escape or the bell again closes it.
 */
export function NotificationBell() {
  const center = useNotificationCenter();
  const { open, setOpen, unread, items, page, totalPages } = center;
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  return (
    <div className="notif">
      <button
        type="button"
        className="notif-bell"
        aria-label={T.bell(unread)}
        aria-expanded={open}
        aria-controls="notif-panel"
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="notif-count" aria-hidden="true">
            {badgeCount(unread)}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notif-panel"
          className="notif-panel"
          role="region"
          aria-label={T.heading}
          tabIndex={-1}
          ref={panel}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <div className="notif-head">
            <h2>{T.heading}</h2>
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
              {T.close}
            </button>
          </div>
          {center.error ? (
            <p role="alert">{errorMessage(center.error)}</p>
          ) : !items ? (
            <p>{T.loading}</p>
          ) : items.length === 0 ? (
            <p>{T.empty}</p>
          ) : (
            <ul className="notif-list">
              {items.map((item) => (
                <li key={item.id} className={item.read_at ? undefined : 'unread'}>
                  <button type="button" onClick={() => void center.openItem(item)}>
                    <span className="notif-title">{item.title}</span>
                    <span className="notif-meta">
                      {formatDateTime(item.created_at)}
                      {!item.read_at && ` · ${T.unreadMark}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {totalPages > 1 && (
            <nav className="notif-pager" aria-label={T.page(page, totalPages)}>
              <button type="button" disabled={page <= 1} onClick={() => center.setPage(page - 1)}>
                {T.previous}
              </button>
              <span>{T.page(page, totalPages)}</span>
              <button type="button" disabled={page >= totalPages} onClick={() => center.setPage(page + 1)}>
                {T.next}
              </button>
            </nav>
          )}
          <div className="notif-foot">
            <button
              type="button"
              className="btn btn-primary"
              disabled={unread === 0 || center.markingAll}
              onClick={center.markAll}
            >
              {T.markAll}
            </button>
            <Link to="/akun/notifikasi" onClick={() => setOpen(false)}>
              {T.settings}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
