-- CreateTable
CREATE TABLE "PendingExports" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL
);

-- The count of each user's waiting and running jobs, kept by the database itself: every insert, removal
-- (a user's removal included) and change of status of a download job moves it in the same transaction.
INSERT INTO "PendingExports" ("userId", "count")
SELECT "userId", count(*) FROM "DownloadJob" WHERE "status" IN ('CREATED', 'RUNNING') GROUP BY "userId";

CREATE TRIGGER "DownloadJob_pending_insert" AFTER INSERT ON "DownloadJob"
WHEN NEW."status" IN ('CREATED', 'RUNNING')
BEGIN
  INSERT INTO "PendingExports" ("userId", "count") VALUES (NEW."userId", 1)
    ON CONFLICT ("userId") DO UPDATE SET "count" = "count" + 1;
END;

CREATE TRIGGER "DownloadJob_pending_delete" AFTER DELETE ON "DownloadJob"
WHEN OLD."status" IN ('CREATED', 'RUNNING')
BEGIN
  UPDATE "PendingExports" SET "count" = "count" - 1 WHERE "userId" = OLD."userId";
END;

CREATE TRIGGER "DownloadJob_pending_update" AFTER UPDATE OF "status", "userId" ON "DownloadJob"
WHEN (OLD."status" IN ('CREATED', 'RUNNING')) <> (NEW."status" IN ('CREATED', 'RUNNING'))
  OR (OLD."userId" <> NEW."userId" AND OLD."status" IN ('CREATED', 'RUNNING'))
BEGIN
  UPDATE "PendingExports" SET "count" = "count" - 1
   WHERE "userId" = OLD."userId" AND OLD."status" IN ('CREATED', 'RUNNING');
  INSERT INTO "PendingExports" ("userId", "count") SELECT NEW."userId", 1 WHERE NEW."status" IN ('CREATED', 'RUNNING')
    ON CONFLICT ("userId") DO UPDATE SET "count" = "count" + 1;
END;
