-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "idleExpiresAt" DATETIME NOT NULL,
    "userAgent" TEXT,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoginAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "state" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "returnTo" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "TermsVersion" (
    "version" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "publishedAt" DATETIME NOT NULL,
    "documentName" TEXT NOT NULL,

    PRIMARY KEY ("role", "version")
);

-- CreateTable
CREATE TABLE "TermsAcceptance" (
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "acceptedAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "role", "version"),
    CONSTRAINT "TermsAcceptance_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TermsAcceptance_role_version_fkey" FOREIGN KEY ("role", "version") REFERENCES "TermsVersion" ("role", "version") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "productType" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "model" TEXT,
    "brand" TEXT,
    "name" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Product_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CollectionPeriod" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "productId" TEXT NOT NULL,
    "enabledAt" DATETIME NOT NULL,
    "disabledAt" DATETIME,
    CONSTRAINT "CollectionPeriod_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CollectionChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "productId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "requestedAt" DATETIME NOT NULL,
    "completesAt" DATETIME NOT NULL,
    "completedAt" DATETIME,
    CONSTRAINT "CollectionChange_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "agentId" TEXT,
    "createdAt" DATETIME NOT NULL,
    "statusChangedAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "claimedAt" DATETIME,
    CONSTRAINT "Invitation_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Invitation_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InvitationProduct" (
    "invitationId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "includeSensitiveData" BOOLEAN NOT NULL DEFAULT false,

    PRIMARY KEY ("invitationId", "productId"),
    CONSTRAINT "InvitationProduct_invitationId_fkey" FOREIGN KEY ("invitationId") REFERENCES "Invitation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InvitationProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SharingEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "invitationId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "actorId" TEXT,
    "actorRole" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "detail" TEXT,
    CONSTRAINT "SharingEvent_invitationId_fkey" FOREIGN KEY ("invitationId") REFERENCES "Invitation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SharingEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AgentProfile" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "submittedAt" DATETIME NOT NULL,
    "decidedAt" DATETIME,
    "decidedById" TEXT,
    CONSTRAINT "AgentProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AgentFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "storedName" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "contentType" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submitted" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "AgentFile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DownloadJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "relatedId" TEXT,
    "status" TEXT NOT NULL,
    "exportRequest" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "runAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "failureReason" TEXT,
    "filePath" TEXT,
    "downloadToken" TEXT,
    "tokenExpiresAt" DATETIME,
    CONSTRAINT "DownloadJob_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SimState" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "speed" REAL NOT NULL DEFAULT 1,
    "realAnchor" DATETIME NOT NULL,
    "simAnchor" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Fault" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "operationId" TEXT NOT NULL,
    "status" INTEGER,
    "code" TEXT,
    "remaining" INTEGER NOT NULL,
    "delayMs" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

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
CREATE INDEX "InvitationProduct_productId_idx" ON "InvitationProduct"("productId");

-- CreateIndex
CREATE INDEX "SharingEvent_invitationId_at_idx" ON "SharingEvent"("invitationId", "at");

-- CreateIndex
CREATE INDEX "SharingEvent_actorId_idx" ON "SharingEvent"("actorId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentProfile_userId_key" ON "AgentProfile"("userId");

-- CreateIndex
CREATE INDEX "AgentProfile_status_submittedAt_idx" ON "AgentProfile"("status", "submittedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AgentFile_storedName_key" ON "AgentFile"("storedName");

-- CreateIndex
CREATE INDEX "AgentFile_userId_section_idx" ON "AgentFile"("userId", "section");

-- CreateIndex
CREATE UNIQUE INDEX "DownloadJob_downloadToken_key" ON "DownloadJob"("downloadToken");

-- CreateIndex
CREATE INDEX "DownloadJob_userId_createdAt_idx" ON "DownloadJob"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "DownloadJob_status_runAt_idx" ON "DownloadJob"("status", "runAt");

-- CreateIndex
CREATE INDEX "DownloadJob_type_relatedId_idx" ON "DownloadJob"("type", "relatedId");

-- CreateIndex
CREATE INDEX "Fault_operationId_createdAt_idx" ON "Fault"("operationId", "createdAt");
