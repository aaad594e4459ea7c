-- Messages sent through the contact form (spec §3 Contact message).
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('general', 'order', 'collaboration', 'press', 'wholesale', 'customer-service', 'other')),
  subject text NOT NULL,
  message text NOT NULL,
  client_ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_email_idx ON contact_messages (email, created_at DESC);
