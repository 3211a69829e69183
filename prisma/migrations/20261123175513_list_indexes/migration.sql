-- DropIndex
DROP INDEX "AgentProfile_status_submittedAt_idx";

-- CreateIndex
CREATE INDEX "AgentProfile_status_submittedAt_id_idx" ON "AgentProfile"("status", "submittedAt", "id");

-- CreateIndex
CREATE INDEX "AgentProfile_submittedAt_id_idx" ON "AgentProfile"("submittedAt", "id");

-- CreateIndex
CREATE INDEX "Invitation_ownerId_createdAt_id_idx" ON "Invitation"("ownerId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Invitation_agentId_claimedAt_id_idx" ON "Invitation"("agentId", "claimedAt", "id");

-- CreateIndex
CREATE INDEX "Invitation_createdAt_id_idx" ON "Invitation"("createdAt", "id");
