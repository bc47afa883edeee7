-- Signed webhook deliveries seen within the 5-minute timestamp window. The signature covers
-- only the token, timestamp and nonce, not the body, so a captured signature could carry another event body for
-- as long as its timestamp is accepted. Every process records each (tenant, timestamp, nonce) here with a hash
-- of the body: the same body again is the platform's retry (answered like the first), another body is refused.
create table wx_webhook_nonces (
  tenant_id integer not null,
  timestamp_seconds bigint not null,
  nonce text not null,
  body_hash text not null,
  expires_at timestamptz not null,
  primary key (tenant_id, timestamp_seconds, nonce)
);
create index wx_webhook_nonces_expiry on wx_webhook_nonces (expires_at);
