-- One name for the role: the accounts made operators from the command line are called so.
UPDATE "user" SET "role" = 'operator' WHERE "role" = 'admin';
