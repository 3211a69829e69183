-- CreateIndex
CREATE INDEX "DownloadJob_userId_status_idx" ON "DownloadJob"("userId", "status");
