-- Issue 34, sign-in inside WeChat's browser: the official account's web authorisation (OAuth2, scope snsapi_base).
-- One row per started authorisation: its `state` as SHA-256 (the browser holds the same hash in a cookie, so the
-- state is bound to the browser that started it), the scan-login ticket it finishes, one use, a few minutes.
-- (The one-step SMS sign-in needs no column: an account without a password has password_hash 'none'.)
create table wx_oauth_states (
  state_hash text primary key,
  tenant_id integer not null,
  ticket_hash text not null,
  return_path text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index wx_oauth_states_expiry on wx_oauth_states (expires_at);
