-- CreateTable
CREATE TABLE "PendingExports" (
    "userId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "PendingExports_pkey" PRIMARY KEY ("userId")
);

-- The count of each user's waiting and running jobs, kept by the database itself: every insert, removal
-- (a user's removal included) and change of status of a download job moves it in the same transaction.
INSERT INTO "PendingExports" ("userId", "count")
SELECT "userId", count(*) FROM "DownloadJob" WHERE "status" IN ('CREATED', 'RUNNING') GROUP BY "userId";

-- The body is an escaped string with no literal semicolon (\073 is one): the migration runner
-- (@prisma/adapter-pg's executeScript) cuts a script at every semicolon.
CREATE FUNCTION "DownloadJob_pending_count"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') AND OLD."status" IN (''CREATED'', ''RUNNING'') THEN
    UPDATE "PendingExports" SET "count" = "count" - 1 WHERE "userId" = OLD."userId"\073
  END IF\073
  IF TG_OP IN (''UPDATE'', ''INSERT'') AND NEW."status" IN (''CREATED'', ''RUNNING'') THEN
    INSERT INTO "PendingExports" ("userId", "count") VALUES (NEW."userId", 1)
      ON CONFLICT ("userId") DO UPDATE SET "count" = "PendingExports"."count" + 1\073
  END IF\073
  RETURN NULL\073
END\073
';

CREATE TRIGGER "DownloadJob_pending_insert_delete" AFTER INSERT OR DELETE ON "DownloadJob"
FOR EACH ROW EXECUTE FUNCTION "DownloadJob_pending_count"();

CREATE TRIGGER "DownloadJob_pending_update" AFTER UPDATE OF "status", "userId" ON "DownloadJob"
FOR EACH ROW
WHEN ((OLD."status" IN ('CREATED', 'RUNNING')) IS DISTINCT FROM (NEW."status" IN ('CREATED', 'RUNNING'))
  OR (OLD."userId" IS DISTINCT FROM NEW."userId"))
EXECUTE FUNCTION "DownloadJob_pending_count"();
