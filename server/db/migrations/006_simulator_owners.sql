-- The built-in WeChat simulator's identities belong to the phone browser that made them: that
-- browser holds a random secret in an HttpOnly cookie, and owner_hash is the secret's SHA-256. The simulator lists,
-- scans with, bans and unbans only the identities of the browser asking; identities from the real platform (and
-- any made before this migration) have no owner and are shown to nobody.
alter table wx_identities add column owner_hash text;
create index wx_identities_owner on wx_identities (tenant_id, owner_hash) where owner_hash is not null;
