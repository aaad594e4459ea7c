-- The back office's people: the owner (everything, manages staff) and staff (orders, fulfilment,
-- notes, stock). Apart from shoppers: one person may be both, with two separate sign-ins.
CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('owner', 'staff')),
  -- Null until the member chooses one with the code mailed when they were added.
  password_hash text,
  failed_login_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Back-office sessions: opaque tokens kept as hashes, short-lived and revocable at once.
CREATE TABLE staff_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- The set-password code of a new staff member is one more kind of one-time code.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('register', 'guest', 'reset', 'staff'));

-- Every change made in the back office or with the CLI: who, when, what, before and after.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  -- The staff member's email, or 'cli' for the owner's command line.
  actor text NOT NULL,
  action text NOT NULL,
  subject_type text NOT NULL,
  subject_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id DESC);
