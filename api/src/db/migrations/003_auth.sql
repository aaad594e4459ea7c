-- Accounts: registered shoppers and email-verified guests share one record per email,
-- so a guest who registers later keeps their purchases and cards.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  user_type text NOT NULL CHECK (user_type IN ('guest', 'registered')),
  password_hash text,
  first_name text,
  last_name text,
  phone text,
  address text,
  email_verified_at timestamptz,
  -- Guests only: when their short session ends.
  session_expires_at timestamptz,
  failed_login_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_type = 'guest' OR password_hash IS NOT NULL)
);

-- One-time 6-digit codes, stored as keyed hashes only.
CREATE TABLE verification_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'guest', 'reset')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Set when the code was entered correctly (register and reset codes are then used by a later step).
  verified_at timestamptz,
  -- Set when the code has done its job, or was replaced by a newer one.
  consumed_at timestamptz
);
CREATE INDEX verification_codes_lookup_idx ON verification_codes (email, purpose, created_at DESC);

-- Refresh tokens rotate: each use retires the token and issues the next one of the same family.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
