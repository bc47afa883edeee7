-- The computer a login QR code was made for, told to the phone that confirms the login (a code seen over
-- someone's shoulder must not be confirmed blindly): its browser and operating system, read from its User-Agent when
-- the code is created ("Chrome · Windows"; the User-Agent itself is not kept). Its address is created_ip, shown
-- masked. Null for the codes made before this column.
alter table wx_login_tickets add column created_device text;
