-- A new notification tells every process's live streams (modules/notifications/stream.ts) whose it is: the
-- channel `notifications` carries the user id, delivered after commit (a rolled-back step tells nobody), and
-- PostgreSQL folds the same user's several rows of one transaction into one message. A row the person silenced in
-- the app (in_app false: it is there for the email or WhatsApp send) is not announced.
CREATE OR REPLACE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW.user_id::text);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER notifications_announce AFTER INSERT ON notifications
  FOR EACH ROW WHEN (NEW.in_app) EXECUTE FUNCTION notifications_announce();
