-- CreateTable
CREATE TABLE "ProviderRecord" (
    "id" TEXT NOT NULL,
    "uid" TEXT,
    "grantId" TEXT,
    "payload" TEXT NOT NULL,
    "consumed" INTEGER,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProviderRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProviderRecord_uid_idx" ON "ProviderRecord"("uid");

-- CreateIndex
CREATE INDEX "ProviderRecord_grantId_idx" ON "ProviderRecord"("grantId");

-- CreateIndex
CREATE INDEX "ProviderRecord_expiresAt_idx" ON "ProviderRecord"("expiresAt");
