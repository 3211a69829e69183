-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "idleExpiresAt" TIMESTAMP(3) NOT NULL,
    "userAgent" TEXT,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginAttempt" (
    "id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "returnTo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LoginAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TermsVersion" (
    "version" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL,
    "documentName" TEXT NOT NULL,

    CONSTRAINT "TermsVersion_pkey" PRIMARY KEY ("role","version")
);

-- CreateTable
CREATE TABLE "TermsAcceptance" (
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "acceptedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TermsAcceptance_pkey" PRIMARY KEY ("userId","role","version")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "productType" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "model" TEXT,
    "brand" TEXT,
    "name" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectionPeriod" (
    "id" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "enabledAt" TIMESTAMP(3) NOT NULL,
    "disabledAt" TIMESTAMP(3),

    CONSTRAINT "CollectionPeriod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectionChange" (
    "id" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL,
    "completesAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "CollectionChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "agentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "statusChangedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "claimedAt" TIMESTAMP(3),

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvitationProduct" (
    "invitationId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "includeSensitiveData" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "InvitationProduct_pkey" PRIMARY KEY ("invitationId","productId")
);

-- CreateTable
CREATE TABLE "SharingEvent" (
    "id" TEXT NOT NULL,
    "invitationId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "actorId" TEXT,
    "actorRole" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "detail" TEXT,

    CONSTRAINT "SharingEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentProfile" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "legalName" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "vatNumber" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "site" TEXT,
    "type" TEXT NOT NULL,
    "sanction" BOOLEAN NOT NULL,
    "gatekeeper" BOOLEAN NOT NULL,
    "representativeTitle" TEXT,
    "representativeFirstname" TEXT NOT NULL,
    "representativeSurname" TEXT NOT NULL,
    "submittedAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,

    CONSTRAINT "AgentProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentFile" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "storedName" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "contentType" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submitted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "AgentFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DownloadJob" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "relatedId" TEXT,
    "status" TEXT NOT NULL,
    "exportRequest" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "runAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "failureReason" TEXT,
    "filePath" TEXT,
    "downloadToken" TEXT,
    "tokenExpiresAt" TIMESTAMP(3),

    CONSTRAINT "DownloadJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimState" (
    "id" INTEGER NOT NULL,
    "speed" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "realAnchor" TIMESTAMP(3) NOT NULL,
    "simAnchor" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SimState_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Fault" (
    "id" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "status" INTEGER,
    "code" TEXT,
    "remaining" INTEGER NOT NULL,
    "delayMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Fault_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("userId","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_id_fullName_email_idx" ON "User"("id", "fullName", "email");

-- CreateIndex
CREATE INDEX "User_role_idx" ON "User"("role");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "LoginAttempt_state_key" ON "LoginAttempt"("state");

-- CreateIndex
CREATE INDEX "LoginAttempt_expiresAt_idx" ON "LoginAttempt"("expiresAt");

-- CreateIndex
CREATE INDEX "TermsVersion_role_publishedAt_idx" ON "TermsVersion"("role", "publishedAt");

-- CreateIndex
CREATE INDEX "TermsAcceptance_role_version_idx" ON "TermsAcceptance"("role", "version");

-- CreateIndex
CREATE UNIQUE INDEX "Product_externalId_key" ON "Product"("externalId");

-- CreateIndex
CREATE INDEX "Product_ownerId_productType_idx" ON "Product"("ownerId", "productType");

-- CreateIndex
CREATE INDEX "CollectionPeriod_productId_disabledAt_idx" ON "CollectionPeriod"("productId", "disabledAt");

-- CreateIndex
CREATE INDEX "CollectionPeriod_productId_enabledAt_idx" ON "CollectionPeriod"("productId", "enabledAt");

-- CreateIndex
CREATE INDEX "CollectionChange_productId_completedAt_idx" ON "CollectionChange"("productId", "completedAt");

-- CreateIndex
CREATE INDEX "CollectionChange_completedAt_completesAt_idx" ON "CollectionChange"("completedAt", "completesAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_code_key" ON "Invitation"("code");

-- CreateIndex
CREATE INDEX "Invitation_ownerId_status_idx" ON "Invitation"("ownerId", "status");

-- CreateIndex
CREATE INDEX "Invitation_agentId_status_idx" ON "Invitation"("agentId", "status");

-- CreateIndex
CREATE INDEX "Invitation_status_statusChangedAt_idx" ON "Invitation"("status", "statusChangedAt");

-- CreateIndex
CREATE INDEX "Invitation_ownerId_createdAt_id_idx" ON "Invitation"("ownerId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Invitation_agentId_claimedAt_id_status_ownerId_createdAt_idx" ON "Invitation"("agentId", "claimedAt", "id", "status", "ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "Invitation_createdAt_id_idx" ON "Invitation"("createdAt", "id");

-- CreateIndex
CREATE INDEX "InvitationProduct_productId_idx" ON "InvitationProduct"("productId");

-- CreateIndex
CREATE INDEX "SharingEvent_invitationId_at_id_idx" ON "SharingEvent"("invitationId", "at", "id");

-- CreateIndex
CREATE INDEX "SharingEvent_actorId_idx" ON "SharingEvent"("actorId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentProfile_userId_key" ON "AgentProfile"("userId");

-- CreateIndex
CREATE INDEX "AgentProfile_status_submittedAt_id_idx" ON "AgentProfile"("status", "submittedAt", "id");

-- CreateIndex
CREATE INDEX "AgentProfile_submittedAt_id_idx" ON "AgentProfile"("submittedAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "AgentFile_storedName_key" ON "AgentFile"("storedName");

-- CreateIndex
CREATE INDEX "AgentFile_userId_section_idx" ON "AgentFile"("userId", "section");

-- CreateIndex
CREATE UNIQUE INDEX "DownloadJob_downloadToken_key" ON "DownloadJob"("downloadToken");

-- CreateIndex
CREATE INDEX "DownloadJob_userId_createdAt_id_idx" ON "DownloadJob"("userId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "DownloadJob_status_runAt_idx" ON "DownloadJob"("status", "runAt");

-- CreateIndex
CREATE INDEX "DownloadJob_type_relatedId_idx" ON "DownloadJob"("type", "relatedId");

-- CreateIndex
CREATE INDEX "Fault_operationId_createdAt_idx" ON "Fault"("operationId", "createdAt");

-- CreateIndex
CREATE INDEX "IdempotencyRecord_createdAt_idx" ON "IdempotencyRecord"("createdAt");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermsAcceptance" ADD CONSTRAINT "TermsAcceptance_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermsAcceptance" ADD CONSTRAINT "TermsAcceptance_role_version_fkey" FOREIGN KEY ("role", "version") REFERENCES "TermsVersion"("role", "version") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionPeriod" ADD CONSTRAINT "CollectionPeriod_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionChange" ADD CONSTRAINT "CollectionChange_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvitationProduct" ADD CONSTRAINT "InvitationProduct_invitationId_fkey" FOREIGN KEY ("invitationId") REFERENCES "Invitation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvitationProduct" ADD CONSTRAINT "InvitationProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SharingEvent" ADD CONSTRAINT "SharingEvent_invitationId_fkey" FOREIGN KEY ("invitationId") REFERENCES "Invitation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SharingEvent" ADD CONSTRAINT "SharingEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentProfile" ADD CONSTRAINT "AgentProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentFile" ADD CONSTRAINT "AgentFile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadJob" ADD CONSTRAINT "DownloadJob_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
