-- Messaging-app (WeChat official account) QR login: the messaging identities a tenant knows, the
-- scene tickets behind each QR code, the platform events already handled, and account bans. Times come from the
-- application's clock, never from now(), so tests can move time.

-- An account can be banned by an operator (`npm run admin -- ban ...`): it can no longer log in by any means.
alter table users add column banned_at timestamptz;
alter table users add column ban_reason text;

-- A messaging identity: the platform's open id of one person for one official account (one per brand/tenant).
-- user_id is the account it is bound to (at most one identity per account); banned_at is a ban of the identity.
create table wx_identities (
  tenant_id integer not null,
  open_id text not null,
  nickname text,
  user_id bigint references users (id) on delete set null,
  created_at timestamptz not null,
  bound_at timestamptz,
  banned_at timestamptz,
  primary key (tenant_id, open_id)
);
create unique index wx_identities_one_per_user on wx_identities (user_id) where user_id is not null;

-- One QR code's scene ticket. The scene value (public: it travels inside the QR code and the platform's event)
-- is not what the browser polls with: the browser holds a secret ticket, stored here only as its SHA-256.
-- state: waiting -> scanned (a bound identity scanned; confirm on the phone) -> bound (confirmed) -> done
--        waiting -> unbound (an unbound identity scanned; bind or register on the computer) -> done | bind_failed
--        waiting | scanned -> banned;  waiting | scanned | unbound -> expired (by time, read at each poll)
create table wx_login_tickets (
  ticket_hash text primary key,
  scene text not null unique,
  tenant_id integer not null,
  state text not null check (state in ('waiting', 'scanned', 'bound', 'unbound', 'bind_failed', 'banned', 'done')),
  -- The URL the QR code encodes (the simulator's page, or the platform's QR URL).
  qr_url text not null,
  open_id text,
  user_id bigint references users (id) on delete cascade,
  -- The secret in the confirm link sent to the phone after a bound identity scanned (SHA-256 of it).
  confirm_hash text,
  -- Failed bind attempts (wrong password or code) on this ticket; at the limit the ticket becomes bind_failed.
  bind_failures integer not null default 0,
  created_ip text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  scanned_at timestamptz,
  finished_at timestamptz
);
create index wx_login_tickets_by_expiry on wx_login_tickets (expires_at);

-- Platform event deliveries already handled (the platform retries up to three times): the key is the sender's
-- open id + CreateTime + event, as the platform documents for de-duplicating events.
create table wx_events (
  dedupe_key text primary key,
  received_at timestamptz not null,
  expires_at timestamptz not null
);
create index wx_events_by_expiry on wx_events (expires_at);
