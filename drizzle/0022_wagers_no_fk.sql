ALTER TABLE "wagers" DROP CONSTRAINT "wagers_user_id_users_id_fk";
