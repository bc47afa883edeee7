-- Every change to a QR login ticket is announced on the channel `wx_ticket_changed` with the ticket's hash, when
-- its transaction commits. A server process that listens (PostgreSQL, server/scan-login/tickets.ts) keeps the
-- tickets its visitors poll in memory and forgets one as soon as any process, or an operator's SQL, changes it;
-- the trigger sits on the table, so no writer can forget to announce. On PGlite nobody listens and the
-- notification costs nothing.
create function wx_ticket_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('wx_ticket_changed', coalesce(new.ticket_hash, old.ticket_hash));
  return null;
end
$$;

create trigger wx_ticket_changed after update or delete on wx_login_tickets
  for each row execute function wx_ticket_changed();
