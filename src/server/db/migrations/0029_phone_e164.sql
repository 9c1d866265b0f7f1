-- Phone numbers in E.164 (issue 29). The Indonesian forms stored before, 08…, 62…, +62… (also +62 08…), with
-- spaces, dots, slashes, dashes or brackets, become +62…; a blank one becomes NULL. Any other value (too short,
-- too long, letters) is left as it was and reported by a NOTICE with its count and the users' ids, for an admin
-- to correct; the API refuses such a number at the person's next edit (src/shared/phone.ts).
DO $$
DECLARE
  unread integer[];
BEGIN
  UPDATE users SET phone = NULL WHERE btrim(phone) = '';
  UPDATE users u SET phone = n.e164
  FROM (
    SELECT id,
      '+62' || substring(regexp_replace(phone, '[[:space:]./()-]', '', 'g') FROM '^(?:\+?620?|0)([1-9][0-9]{6,11})$') AS e164
    FROM users WHERE phone IS NOT NULL
  ) n
  WHERE u.id = n.id AND n.e164 IS NOT NULL AND u.phone <> n.e164;
  SELECT array_agg(id ORDER BY id) INTO unread FROM users WHERE phone !~ '^\+[1-9][0-9]{6,14}$';
  IF unread IS NOT NULL THEN
    RAISE NOTICE 'phone_e164: % phone number(s) left as they were (not an Indonesian number): users %',
      cardinality(unread), unread;
  END IF;
END $$;
