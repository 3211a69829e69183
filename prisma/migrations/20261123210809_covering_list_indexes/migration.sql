-- DropIndex
DROP INDEX "Invitation_agentId_claimedAt_id_idx";

-- CreateIndex
CREATE INDEX "Invitation_agentId_claimedAt_id_status_ownerId_createdAt_idx" ON "Invitation"("agentId", "claimedAt", "id", "status", "ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "User_id_fullName_email_idx" ON "User"("id", "fullName", "email");
