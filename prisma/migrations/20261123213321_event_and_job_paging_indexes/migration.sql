-- DropIndex
DROP INDEX "DownloadJob_userId_createdAt_idx";

-- DropIndex
DROP INDEX "SharingEvent_invitationId_at_idx";

-- CreateIndex
CREATE INDEX "DownloadJob_userId_createdAt_id_idx" ON "DownloadJob"("userId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "SharingEvent_invitationId_at_id_idx" ON "SharingEvent"("invitationId", "at", "id");
