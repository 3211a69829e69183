// generated from openapi.yaml by scripts/generate.mjs — do not edit

export interface paths {
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check
         * @description Liveness and readiness: answers `200 {"status": "ok"}` when the server can reach its database.
         *
         *     Errors:
         *     - `500 INTERNAL_ERROR` - the server is not healthy.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public portal configuration
         * @description Branding and mode settings the web app needs before anyone signs in: product name, the
         *     manufacturer's name, the support email address, the mode the server runs in (`mode`; every
         *     mode but `production` shows a banner), whether the simulator and persona sign-in are on
         *     (`devMode`) and the default language.
         *
         *     Errors:
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getPortalConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start or finish OpenID Connect sign-in
         * @description A browser navigation, not an XHR call.
         *     - Without `code`, `iss`, `state` and `client_id` it starts the authorisation code flow
         *       (state, PKCE) and redirects to the identity provider.
         *     - With all four (forwarded by the web app's `/auth/callback`) it checks state and issuer
         *       (RFC 9207), exchanges the code, creates the server-side session, sets the `portal_session`
         *       cookie and redirects to `/`.
         *     - When the provider is unreachable it redirects to `/login?error=unavailable`; any other
         *       failure (including `error` from the provider, a wrong state or issuer) redirects to
         *       `/login?error=failed` and is logged with code `LOGIN_FAILED`.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - a query parameter is longer than allowed.
         *     - `429 RATE_LIMITED` - too many sign-in attempts from this client.
         *     - `500 INTERNAL_ERROR` - unexpected failure before a redirect could be chosen.
         */
        get: operations["login"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the server-side session and clears the `portal_session` cookie. Idempotent: without a
         *     session it also answers `204`.
         *
         *     Errors:
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description The current user: id, email, name, role, the terms version still to accept (or `null`) and,
         *     for companies, the registration status (`null` for other roles and for companies that have
         *     not registered).
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/terms/{termsId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Accept a terms-of-use version
         * @description Records that the user accepted the terms version `termsId` (which must equal the user's
         *     `termsToAccept`) and answers the updated user, whose `termsToAccept` is then `null`.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed terms id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `409 TERMS_NOT_PENDING` - no terms pending, or `termsId` is not the pending version.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["acceptTerms"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's vehicles and wallboxes
         * @description All products the user owns, split into vehicles and wallboxes, each with its data-collection
         *     state.
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user (role `user`).
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{id}/collect/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn data collection on or off
         * @description `ENABLE` starts a new collection period, `DISABLE` ends the current one. Only data generated
         *     while collection is on is exported. Answers the updated product.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id or unknown action.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 PRODUCT_NOT_FOUND` - no such product among the user's products.
         *     - `409 COLLECTION_UNCHANGED` - collection is already in the requested state.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["setProductCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/download/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's recent download jobs
         * @description The caller's last 50 download jobs, newest first. Users see their `PRODUCT` and `PRODUCTS`
         *     jobs, companies their `INVITE` jobs. Poll while a job is `CREATED` or `RUNNING`.
         *
         *     Older jobs are reached page by page: the answer announces the next page in `Link` and the
         *     caller's number of jobs in `X-Total-Count` (see `limit`, `cursor`); `q` searches the job id and
         *     the product or invitation id it exports.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - limit out of range, or a cursor that is not one this list gave.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is an admin.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listDownloadJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a download of all enabled products
         * @description Creates a `PRODUCTS` job (`relatedId` null) covering every product whose data collection is
         *     currently enabled.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed `Idempotency-Key`.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `409 NO_PRODUCTS_ENABLED` - no product has data collection enabled.
         *     - `422 IDEMPOTENCY_KEY_REUSED` - the `Idempotency-Key` was used before with a different request.
         *     - `429 TOO_MANY_EXPORTS` - the caller already has 5 downloads being prepared; retry after `Retry-After` seconds.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["createProductsDownload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a download of one product
         * @description Creates a `PRODUCT` job (`relatedId` = the product id) for one product whose data collection
         *     is enabled.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 PRODUCT_NOT_FOUND` - no such product among the user's products.
         *     - `409 COLLECTION_DISABLED` - data collection is off for this product.
         *     - `422 IDEMPOTENCY_KEY_REUSED` - the `Idempotency-Key` was used before with a different request.
         *     - `429 TOO_MANY_EXPORTS` - the caller already has 5 downloads being prepared; retry after `Retry-After` seconds.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["createProductDownload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/download/jobs/{jobId}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Link to a completed job's zip
         * @description A short-lived, same-origin link (`/api/v1/exports/{token}`) to the zip of one of the
         *     caller's completed jobs. The link only works with the same session.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed job id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is an admin.
         *     - `404 JOB_NOT_FOUND` - no such job among the caller's jobs.
         *     - `409 JOB_NOT_READY` - the job is not completed (or it failed).
         *     - `409 SHARING_SUSPENDED` - an `INVITE` job whose sharing an admin has paused since.
         *     - `409 INVALID_INVITATION_STATE` - an `INVITE` job whose sharing was revoked since.
         *     - `410 EXPORT_EXPIRED` - the export file has expired.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getDownloadLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an export zip
         * @description Streams the zip of a completed job as an attachment (CSV and JSON per product, a data
         *     dictionary and a manifest). The session must own the job; an unknown token or one of
         *     another session answers `404 NOT_FOUND`.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed token.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `404 NOT_FOUND` - unknown token, or not the caller's.
         *     - `409 SHARING_SUSPENDED` - an `INVITE` export whose sharing an admin has paused since.
         *     - `409 INVALID_INVITATION_STATE` - an `INVITE` export whose sharing was revoked since.
         *     - `410 EXPORT_EXPIRED` - the link or the file has expired.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["downloadExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an invitation code
         * @description Creates a single-use invitation for the listed products (one entry per product with sharing
         *     on, each product at most once, each with data collection enabled). Answers the code (16 Crockford
         *     base32 characters = 80 bits, in 4 groups of 4), the link `{origin}/redeem/{code}` and the expiry.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - empty or too long list, duplicate product, malformed entry.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 PRODUCT_NOT_FOUND` - a product is not among the user's products.
         *     - `409 COLLECTION_DISABLED` - data collection is off for a listed product.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `422 IDEMPOTENCY_KEY_REUSED` - the `Idempotency-Key` was used before with a different request.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/claimed/{filter}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's data recipients
         * @description Invitations a company has redeemed (type `agent`), newest first, narrowed by the filter:
         *     `ACTIVE` = CREATED or ACCEPTED, `PENDING` = CLAIMED, `DECLINED` = DECLINED, `REVOKED` = any
         *     REVOKED_*, `ALL` = all (including PAUSED_BY_ADMIN).
         *
         *     Paged on request (see `limit`, `cursor`): `q` searches company name, site, access code or invitation id;
         *     `changedAfter` keeps the entries whose status changed since then.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown filter, limit out of range, a `changedAfter` that is not a date-time,
         *       or a cursor that is not one this list gave.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listClaimedInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/unclaimed/{filter}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's invitation links
         * @description Invitations no company has redeemed yet (type `invitation`), newest first, narrowed by the
         *     filter (same meaning as for claimed invitations; `DECLINED` and `PENDING` are always empty
         *     here).
         *
         *     Paged on request (see `limit`, `cursor`): `q` searches access code or invitation id;
         *     `changedAfter` keeps the entries whose status changed since then.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown filter, limit out of range, a `changedAfter` that is not a date-time,
         *       or a cursor that is not one this list gave.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listUnclaimedInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What one of the user's invitations shares
         * @description The products the invitation shares, split into vehicles and wallboxes, with the personal-data
         *     choice per product.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `403 INVITATION_FORBIDDEN` - the invitation belongs to another user.
         *     - `404 INVITATION_NOT_FOUND` - no such invitation.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getInvitationPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * History of one of the user's invitations
         * @description The invitation's events, oldest first (created, claimed, accepted, declined, revoked, paused,
         *     resumed, data downloaded), with who did what.
         *
         *     Paged on request (see `limit`, `cursor`): without them the whole history is answered.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id, limit out of range, or a cursor that is not one this list gave.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `403 INVITATION_FORBIDDEN` - the invitation belongs to another user.
         *     - `404 INVITATION_NOT_FOUND` - no such invitation.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listInvitationEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/redeem/{decision}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Accept or decline a data recipient
         * @description The user accepts (CLAIMED -> ACCEPTED, the company gets access to the selected data) or
         *     declines (CLAIMED -> DECLINED) an invitation a company has redeemed. Answers the updated list
         *     entry.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id or unknown decision.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `403 INVITATION_FORBIDDEN` - the invitation belongs to another user.
         *     - `404 INVITATION_NOT_FOUND` - no such invitation.
         *     - `409 INVALID_INVITATION_STATE` - the invitation is not pending (CLAIMED).
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["decideInvitation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Remove a data recipient or delete an invitation link
         * @description CREATED -> REVOKED_BEFORE_CLAIMED (the link stops working), CLAIMED -> REVOKED_AFTER_CLAIMED,
         *     ACCEPTED or PAUSED_BY_ADMIN -> REVOKED_AFTER_ACCEPTED (access ends at once). Answers the
         *     updated list entry.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a user.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `403 REVOKE_FORBIDDEN` - the invitation belongs to another user.
         *     - `404 INVITATION_NOT_FOUND` - no such invitation.
         *     - `409 INVALID_REVOKE_STATE` - already declined or revoked.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["revokeInvitation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/redeem/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Redeem an access code
         * @description An active company redeems a user's code (case-insensitive; dashes optional; Crockford
         *     aliases I/L = 1 and O = 0 accepted). The invitation becomes CLAIMED and waits for the user's
         *     decision. Codes are single-use; a wrong, expired or already used code gets one identical
         *     answer. Redemption is rate-limited per company and per client address.
         *
         *     Errors:
         *     - `400 INVALID_CODE` - wrong, expired or already used code.
         *     - `400 VALIDATION_FAILED` - the code is not shaped like a code.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `403 AGENT_NOT_ACTIVE` - the company is not approved yet.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `429 RATE_LIMITED` - too many attempts; retry later.
         *     - `422 IDEMPOTENCY_KEY_REUSED` - the `Idempotency-Key` was used before with a different request.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["redeemInvitationCode"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/invitations/{filter}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's connected users
         * @description Invitations the company has redeemed, newest first, narrowed by the filter (`ACTIVE` =
         *     ACCEPTED, `PENDING` = CLAIMED, `DECLINED`, `REVOKED` = any REVOKED_*, `ALL`).
         *
         *     Paged on request (see `limit`, `cursor`): `q` searches name or e-mail of the user, or the invitation id.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown filter, limit out of range, or a cursor that is not one this list gave.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `403 AGENT_NOT_ACTIVE` - the company is not approved yet.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listConnectedInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/invitations/{id}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a connected user shares with the company
         * @description The products the user shares with the company and whether personal data is included. The
         *     server applies data minimisation: only shared products appear, and a vehicle whose data
         *     collection is off has its external id masked after its first 3 characters.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `403 AGENT_NOT_ACTIVE` - the company is not approved yet.
         *     - `403 INVITATION_FORBIDDEN` - the invitation was redeemed by another company.
         *     - `404 INVITATION_NOT_FOUND` - no such invitation.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getConnectedInvitationPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/invitations/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Remove a connected user
         * @description The company ends a connection: CLAIMED -> REVOKED_AFTER_CLAIMED, ACCEPTED or PAUSED_BY_ADMIN
         *     -> REVOKED_AFTER_ACCEPTED. Answers the updated connection.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `403 AGENT_NOT_ACTIVE` - the company is not approved yet.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `403 REVOKE_FORBIDDEN` - the invitation was redeemed by another company.
         *     - `404 INVITATION_NOT_FOUND` - no such invitation.
         *     - `409 INVALID_REVOKE_STATE` - already declined or revoked.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["revokeConnectedInvitation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/invites/{invitationId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a download of a connected user's data
         * @description Creates an `INVITE` job (`relatedId` = the invitation id) for the products the user shares
         *     with the company, restricted to what the user chose (personal data only where allowed) and to
         *     the collection periods. The connection must be ACCEPTED.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `403 AGENT_NOT_ACTIVE` - the company is not approved yet.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `403 INVITATION_FORBIDDEN` - the invitation was redeemed by another company.
         *     - `404 INVITATION_NOT_FOUND` - no such invitation.
         *     - `409 INVALID_INVITATION_STATE` - the connection is not active (ACCEPTED).
         *     - `409 SHARING_SUSPENDED` - an admin has paused this sharing.
         *     - `422 IDEMPOTENCY_KEY_REUSED` - the `Idempotency-Key` was used before with a different request.
         *     - `429 TOO_MANY_EXPORTS` - the caller already has 5 downloads being prepared; retry after `Retry-After` seconds.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["createInvitationDownload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's registration status
         * @description `pending` (in review), `rejected`, `active`, or `null` before the company has registered.
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getAgentStatus"];
        put?: never;
        /**
         * Submit the company registration
         * @description Submits the registration with the ids of previously uploaded documents. Required sections:
         *     REGISTRATION and REPRESENTATIVE, plus SME_CONFIRMATION when `type` is `sme`; CERTIFICATE is
         *     optional. The status becomes `pending` and the documents are locked.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - a field breaks its rule, or a file id is not one of the company's files.
         *     - `400 MISSING_DOCUMENTS` - a required section has no file.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `409 REGISTRATION_EXISTS` - the company has already submitted.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `422 IDEMPOTENCY_KEY_REUSED` - the `Idempotency-Key` was used before with a different request.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["submitAgentRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's uploaded documents
         * @description Every document the company has uploaded, with its section.
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listAgentFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/files/upload/section/{section}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload registration documents
         * @description `multipart/form-data` with the field `file` repeated once per file (1 to 3 files). Each file
         *     must be a PDF or a PNG (checked by content, not by name) of at most 5 MB (5242880 bytes), and
         *     a section holds at most 3 files in total. Answers the stored files.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown section or malformed body.
         *     - `400 TOO_MANY_FILES` - more than 3 files in the section.
         *     - `400 FILE_EMPTY` - no file, or an empty file.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `409 REGISTRATION_LOCKED` - the registration was already submitted.
         *     - `413 FILE_TOO_LARGE` - a file is larger than 5 MB.
         *     - `415 FILE_TYPE_NOT_ALLOWED` - a file is neither PDF nor PNG.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `multipart/form-data`.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["uploadAgentFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/file/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a registration document
         * @description Deletes one of the company's documents before the registration is submitted.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not a company.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 FILE_NOT_FOUND` - no such file among the company's files.
         *     - `409 REGISTRATION_LOCKED` - the registration was already submitted.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        delete: operations["deleteAgentFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Company applications
         * @description Submitted company registrations, newest first, optionally narrowed to one status.
         *
         *     Paged on request (see `limit`, `cursor`): `q` searches company name, VAT number, representative's name or e-mail.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown status, limit out of range, or a cursor that is not one this list gave.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not an admin.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listAgentApplications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an application document
         * @description The stored document as an attachment, with its own media type (PDF or PNG).
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not an admin.
         *     - `404 FILE_NOT_FOUND` - no such file.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["downloadApplicationFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/applications/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Approve a company application
         * @description pending -> active: the company can redeem codes and see connected users.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not an admin.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 APPLICATION_NOT_FOUND` - no such application.
         *     - `409 INVALID_APPLICATION_STATE` - the application is not pending.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["approveAgentApplication"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/applications/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Reject a company application
         * @description pending -> rejected: the company sees the failure message.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not an admin.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 APPLICATION_NOT_FOUND` - no such application.
         *     - `409 INVALID_APPLICATION_STATE` - the application is not pending.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["rejectAgentApplication"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/sharings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All sharings between users and companies
         * @description Every redeemed invitation (user to company), newest first, with its product count.
         *
         *     Paged on request (see `limit`, `cursor`): `q` searches user's name or e-mail, company name or e-mail, or invitation id (sharing id).
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - limit out of range, or a cursor that is not one this list gave.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not an admin.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listSharings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/sharings/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Suspend a sharing
         * @description ACCEPTED -> PAUSED_BY_ADMIN: the company can no longer download the user's data.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not an admin.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SHARING_NOT_FOUND` - no such sharing.
         *     - `409 INVALID_SHARING_STATE` - the sharing is not active (ACCEPTED).
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["suspendSharing"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/sharings/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Resume a suspended sharing
         * @description PAUSED_BY_ADMIN -> ACCEPTED.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed id.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 FORBIDDEN` - the caller is not an admin.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SHARING_NOT_FOUND` - no such sharing.
         *     - `409 INVALID_SHARING_STATE` - the sharing is not paused.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["resumeSharing"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Wipe and load a scenario
         * @description Development mode only. Wipes the database and stored files and loads a scenario (see
         *     `listScenarios`): without a body, the `demo` personas, as before. The same `scenario` and
         *     `seed` always give the same rows (dates are placed relative to the simulation clock's now).
         *     All sessions end (including the caller's); `X-User-Id` keeps working.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown scenario or malformed body.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - not in development mode.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["resetSimulation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scenarios the reset call can load
         * @description Development mode only. Every named, deterministic data set `resetSimulation` accepts, the
         *     default (`demo`) first.
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `404 SIMULATION_DISABLED` - not in development mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listScenarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The simulation clock
         * @description Development mode only. How fast simulated time runs (job and toggle delays) and the
         *     simulated current time.
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `404 SIMULATION_DISABLED` - not in development mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getSimulationClock"];
        /**
         * Set the simulation speed
         * @description Development mode only. `speed` 1 is real time, 10 runs ten times faster, 0.1 ten times
         *     slower.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - speed out of range or malformed body.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - not in development mode.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        put: operations["setSimulationClock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Injected faults still pending
         * @description Development mode only. The injected faults that still have calls left, oldest first.
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `404 SIMULATION_DISABLED` - not in development mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listFaults"];
        put?: never;
        /**
         * Inject a fault
         * @description Development mode only. The next `count` calls of the operation wait `delayMs` (if given) and
         *     then fail with `status` and `code` (if either is given). A missing `status` is taken from the
         *     code's catalogue status; a missing `code` defaults to `INTERNAL_ERROR` for 5xx and to the
         *     generic code of the status otherwise. At least one of `status`, `code` and `delayMs` must be
         *     given. Simulation operations cannot be faulted.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown operation, out-of-range value, or nothing to inject.
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - not in development mode.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["injectFault"];
        /**
         * Clear all injected faults
         * @description Development mode only. Removes every injected fault.
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - not in development mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        delete: operations["clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Jump simulated time ahead
         * @description Outside production only. Moves simulated time forward by `minutes` at once (an hour is 60,
         *     a day 1440), so expiry, job progress and retention can be reached without waiting. The speed
         *     is unchanged. Public: a test runner or the panel can call it before anyone signs in.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - minutes missing or out of range.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["advanceSimulationClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operations that can be faulted, with their declared answers
         * @description Outside production only. Every operation a fault can be injected on, with the error statuses
         *     and error codes this contract declares for it, so a fault can be chosen from what the real
         *     back end may answer.
         *
         *     Errors:
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listSimulationOperations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/personas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts to switch to
         * @description Outside production only. The accounts of the current world (up to 100: people, then companies,
         *     then administrators), each with the role and state the web app would see after switching.
         *
         *     Errors:
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listSimulationPersonas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/persona": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in as a persona in one call
         * @description Outside production only. Ends the caller's session (if any) and starts a session for the
         *     account with this email in the current world, setting the session cookie. The answer is that
         *     account as `GET /api/v1/me` shows it.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed body.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 PERSONA_NOT_FOUND` - no account with this email in the current world.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["switchSimulationPersona"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saved snapshots of the current world
         * @description Outside production only. The snapshots saved in the current world (shared or sandbox), newest
         *     first.
         *
         *     Errors:
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listSimulationSnapshots"];
        put?: never;
        /**
         * Save the whole simulated state under a name
         * @description Outside production only. Copies the current world's database (SQLite online backup, consistent
         *     while calls go on) and its stored files (registration documents, exports). An existing snapshot
         *     of the same name is replaced. At most 20 per world.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed name.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `409 SNAPSHOT_LIMIT` - the world already has 20 snapshots; delete one first.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["createSimulationSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/snapshots/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a snapshot
         * @description Outside production only.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed name.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SNAPSHOT_NOT_FOUND` - no snapshot of that name in the current world.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        delete: operations["deleteSimulationSnapshot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/snapshots/{name}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put the world back to a snapshot
         * @description Outside production only. Replaces the current world's database and stored files with the
         *     snapshot's. Sessions are part of the state: a session that did not exist then ends.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed name.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SNAPSHOT_NOT_FOUND` - no snapshot of that name in the current world.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["restoreSimulationSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The world this caller works in
         * @description Outside production only. The caller's sandbox (chosen by the `X-Sandbox` header or the sandbox
         *     cookie), or the shared world (`id` null) that every caller sees by default.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed `X-Sandbox` header.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getSimulationSandbox"];
        put?: never;
        post?: never;
        /**
         * Remove the caller's sandbox and go back to the shared world
         * @description Outside production only. Deletes the caller's sandbox (database, files, snapshots) and clears
         *     the sandbox cookie. In the shared world it only clears the cookie.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed `X-Sandbox` header.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        delete: operations["leaveSimulationSandbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/sandboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a private sandbox
         * @description Outside production only. Creates an isolated copy of a scenario (own database and files) and
         *     sets the sandbox cookie, so this browser's next calls reach it. API clients can instead send
         *     `X-Sandbox: <id>` on every call: a sandbox of that name is then created on first use from the
         *     `demo` scenario. An existing sandbox with the same `id` is replaced. When the caller is signed
         *     in and the same email exists in the new sandbox, the caller stays signed in as that persona.
         *     Sandboxes idle for `SANDBOX_IDLE_MINUTES` are removed; beyond `SANDBOX_MAX` the least recently
         *     used goes first.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed body or unknown scenario.
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `413 BODY_TOO_LARGE` - the body is larger than 1 MB.
         *     - `415 UNSUPPORTED_MEDIA_TYPE` - the body is not sent as `application/json`.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        post: operations["createSimulationSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's last API calls
         * @description Outside production only. The last 100 API calls of this browser (or of this sandbox), newest
         *     first, with status, duration and any contract violation: a status the operation does not
         *     declare or a body that does not validate. Reading simulator state (`GET /api/v1/sim/...`)
         *     is not recorded.
         *
         *     Errors:
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listSimulationCalls"];
        put?: never;
        post?: never;
        /**
         * Empty the caller's call list
         * @description Outside production only.
         *
         *     Errors:
         *     - `403 CSRF_REJECTED` - the request came from another site.
         *     - `404 SIMULATION_DISABLED` - production mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        delete: operations["clearSimulationCalls"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/manuals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user guide
         * @description The user guide PDF, shown inline.
         *
         *     Errors:
         *     - `404 DOCUMENT_NOT_FOUND` - the guide is not installed.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getUserGuide"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Check the user guide exists
         * @description Same headers as `GET /manuals` without the body; clients check the status and that
         *     `Content-Type` is `application/pdf` before opening the guide.
         *
         *     Errors:
         *     - `404 DOCUMENT_NOT_FOUND` - the guide is not installed (no body on HEAD).
         *     - `500 INTERNAL_ERROR` - unexpected failure (no body on HEAD).
         */
        head: operations["headUserGuide"];
        patch?: never;
        trace?: never;
    };
    "/catalogue/{document}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A data catalogue
         * @description One of the data catalogue PDFs (generated from the field catalogue that also drives the
         *     exports). `Data Prices.pdf` is offered to companies only by the web app but is public.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown document name.
         *     - `404 DOCUMENT_NOT_FOUND` - the document is not available.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getCatalogue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Check a data catalogue exists
         * @description Same headers as the matching `GET` without the body.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - unknown document name (no body on HEAD).
         *     - `404 DOCUMENT_NOT_FOUND` - the document is not available (no body on HEAD).
         *     - `500 INTERNAL_ERROR` - unexpected failure (no body on HEAD).
         */
        head: operations["headCatalogue"];
        patch?: never;
        trace?: never;
    };
    "/tnc/{document}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A terms-of-use document
         * @description The terms PDF `{termsToAccept}_{role}_en.pdf` (English only).
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed document name.
         *     - `404 DOCUMENT_NOT_FOUND` - no such terms version for the role.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["getTermsDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Check a terms-of-use document exists
         * @description Same headers as the matching `GET` without the body.
         *
         *     Errors:
         *     - `400 VALIDATION_FAILED` - malformed document name (no body on HEAD).
         *     - `404 DOCUMENT_NOT_FOUND` - no such terms version for the role (no body on HEAD).
         *     - `500 INTERNAL_ERROR` - unexpected failure (no body on HEAD).
         */
        head: operations["headTermsDocument"];
        patch?: never;
        trace?: never;
    };
    "/api/v1/sim/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Contract drift seen by the validating proxy
         * @description Development and demo modes only. With `PROXY_TARGET` set, the reference server forwards the
         *     contract's operations to that back end and checks every request and answer against the
         *     contract; each departure is recorded here, newest first (the last 200): the operation, the
         *     JSON pointer into the request or answer, the offending value and why. The same list is shown
         *     at `/proxy/drift`. Without `PROXY_TARGET` the list is empty.
         *
         *     Errors:
         *     - `401 UNAUTHENTICATED` - no session.
         *     - `404 SIMULATION_DISABLED` - not in development mode.
         *     - `500 INTERNAL_ERROR` - unexpected failure.
         */
        get: operations["listContractDrift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Machine-readable error code; `x-error-catalogue` at the document root gives each code's HTTP status.
         * @enum {string}
         */
        ErrorCode: "VALIDATION_FAILED" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CSRF_REJECTED" | "RATE_LIMITED" | "TOO_MANY_EXPORTS" | "INTERNAL_ERROR" | "LOGIN_FAILED" | "TERMS_NOT_PENDING" | "PRODUCT_NOT_FOUND" | "COLLECTION_UNCHANGED" | "COLLECTION_DISABLED" | "NO_PRODUCTS_ENABLED" | "JOB_NOT_FOUND" | "JOB_NOT_READY" | "EXPORT_EXPIRED" | "INVITATION_NOT_FOUND" | "INVALID_INVITATION_STATE" | "INVITATION_FORBIDDEN" | "REVOKE_FORBIDDEN" | "INVALID_REVOKE_STATE" | "INVALID_CODE" | "SHARING_SUSPENDED" | "AGENT_NOT_ACTIVE" | "REGISTRATION_EXISTS" | "REGISTRATION_LOCKED" | "MISSING_DOCUMENTS" | "FILE_TYPE_NOT_ALLOWED" | "FILE_TOO_LARGE" | "TOO_MANY_FILES" | "FILE_EMPTY" | "FILE_NOT_FOUND" | "APPLICATION_NOT_FOUND" | "INVALID_APPLICATION_STATE" | "SHARING_NOT_FOUND" | "INVALID_SHARING_STATE" | "SIMULATION_DISABLED" | "PERSONA_NOT_FOUND" | "SNAPSHOT_NOT_FOUND" | "SNAPSHOT_LIMIT" | "DOCUMENT_NOT_FOUND" | "UNSUPPORTED_MEDIA_TYPE" | "BODY_TOO_LARGE" | "IDEMPOTENCY_KEY_REUSED";
        /** @description One error. `requestId` is set on `INTERNAL_ERROR`; `field` names the offending input where one exists. */
        ErrorItem: {
            code: components["schemas"]["ErrorCode"];
            /** @description Human-readable English text; not for program logic. */
            message: string;
            /** @description Request id to quote to support (matches the server log). */
            requestId?: string;
            /** @description The offending input, e.g. `legalName`, `representative.surname`, `file`. */
            field?: string;
        };
        /** @description The envelope of every error answer. Clients read `errors[0].code`. */
        ErrorResponse: {
            errors: components["schemas"]["ErrorItem"][];
        };
        /**
         * @description Opaque identifier.
         * @example prod-veh-1
         */
        Id: string;
        /**
         * Format: date-time
         * @example 2025-03-14T09:30:00.000Z
         */
        Timestamp: string;
        /**
         * Format: email
         * @example owner@example.com
         */
        Email: string;
        /**
         * @description Terms-of-use version id; the terms PDF is `/tnc/{termsId}_{role}_en.pdf`.
         * @example 2025-01
         */
        TermsId: string;
        /**
         * @description An access code as typed: Crockford base32 groups separated by single dashes, case-insensitive
         *     (the aliases I and L for 1 and O for 0 are accepted; U is not a Crockford letter). The server
         *     normalises it (upper case, no dashes) before looking it up.
         * @example 2mbc-e3an-9xge-svxq
         */
        AccessCodeInput: string;
        /**
         * @description An access code in canonical form - 16 upper-case Crockford base32 characters (80 bits) in 4 groups of 4.
         * @example 2MBC-E3AN-9XGE-SVXQ
         */
        AccessCode: string;
        /**
         * Format: uri
         * @description `{origin}/redeem/{code}`.
         * @example http://localhost:3000/redeem/2MBC-E3AN-9XGE-SVXQ
         */
        InvitationLink: string;
        Health: {
            /** @constant */
            status: "ok";
        };
        PortalConfig: {
            /** @description Shown in the header, login heading and page titles. */
            productName: string;
            /** @description The vehicle manufacturer named in the footer rights text. */
            manufacturer: string;
            supportEmail: components["schemas"]["Email"];
            /**
             * @description The mode the server was started in (`PORTAL_MODE`). Every mode but `production` is for trying the portal out: seeded personas, built-in sign-in, simulator.
             * @enum {string}
             */
            mode: "production" | "demo" | "development" | "test";
            /** @description Every mode but production: persona sign-in and simulation controls are available. */
            devMode: boolean;
            /**
             * @description Default interface language (English is always the fallback).
             * @enum {string}
             */
            defaultLanguage: "en" | "el";
        };
        /**
         * @description `user` is the data owner, `agent` the company (data recipient), `admin` the administrator (docs/glossary.md).
         * @enum {string}
         */
        UserRole: "user" | "agent" | "admin";
        /**
         * @description Company registration status.
         * @enum {string}
         */
        AgentStatus: "pending" | "rejected" | "active";
        CurrentUser: {
            id: components["schemas"]["Id"];
            email: components["schemas"]["Email"];
            fullName: string;
            role: components["schemas"]["UserRole"];
            /** @description Terms version the user must accept before continuing; `null` when none. */
            termsToAccept: string | null;
            /**
             * @description Registration status for companies; `null` for other roles and for companies that have not registered.
             * @enum {string|null}
             */
            agentStatus: "pending" | "rejected" | "active" | null;
        };
        /** @enum {string} */
        ProductType: "VEHICLE" | "WALLBOX";
        /** @description Vehicles carry `model` and `brand`; wallboxes carry `name`. */
        ProductFields: {
            model?: string;
            brand?: string;
            name?: string;
        };
        Product: {
            id: components["schemas"]["Id"];
            /** @description VIN for vehicles, serial number for wallboxes. Masked after 3 characters in a company's view when collection is off. */
            externalId: string;
            productType: components["schemas"]["ProductType"];
            dataCollectionEnabled: boolean;
            productFields: components["schemas"]["ProductFields"];
        };
        ProductsResponse: {
            vehicles: components["schemas"]["Product"][];
            wallboxes: components["schemas"]["Product"][];
        };
        /** @enum {string} */
        CollectionAction: "ENABLE" | "DISABLE";
        /**
         * @description `PRODUCT` one product, `PRODUCTS` all enabled products, `INVITE` a connected user's shared data.
         * @enum {string}
         */
        DownloadJobType: "PRODUCT" | "PRODUCTS" | "INVITE";
        /** @enum {string} */
        DownloadJobStatus: "CREATED" | "RUNNING" | "COMPLETED" | "FAILED";
        ProductRef: {
            id: components["schemas"]["Id"];
        };
        /** @description The products a job covers. */
        ExportRequest: {
            vehicles: components["schemas"]["ProductRef"][];
            wallboxes: components["schemas"]["ProductRef"][];
        };
        DownloadJob: {
            id: components["schemas"]["Id"];
            /** @description Product id for `PRODUCT`, `null` for `PRODUCTS`, invitation id for `INVITE`. */
            relatedId: string | null;
            type: components["schemas"]["DownloadJobType"];
            status: components["schemas"]["DownloadJobStatus"];
            exportRequest: components["schemas"]["ExportRequest"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        DownloadLink: {
            /**
             * @description Same-origin path of the zip, valid for a short time and for the same session only.
             * @example /api/v1/exports/3q2-7wEXAMPLEtoken_9xZ
             */
            link: string;
        };
        /**
         * @description Server status of an invitation (docs/product-rules.md, Statuses, says how it is displayed).
         * @enum {string}
         */
        InvitationStatus: "CREATED" | "CLAIMED" | "ACCEPTED" | "DECLINED" | "REVOKED_BEFORE_CLAIMED" | "REVOKED_AFTER_CLAIMED" | "REVOKED_AFTER_ACCEPTED" | "PAUSED_BY_ADMIN";
        /**
         * @description `ACTIVE` = CREATED or ACCEPTED, `PENDING` = CLAIMED, `DECLINED` = DECLINED, `REVOKED` = any REVOKED_*, `ALL` = all.
         * @enum {string}
         */
        InvitationFilter: "ALL" | "ACTIVE" | "DECLINED" | "PENDING" | "REVOKED";
        /** @enum {string} */
        InvitationDecision: "accept" | "decline";
        /** @description One product to share; sent for each product with sharing on. */
        InvitationCreateItem: {
            productId: components["schemas"]["Id"];
            /** @description Include personal data (position, card id, ...). */
            includeSensitiveData: boolean;
        };
        InvitationCreated: {
            code: components["schemas"]["AccessCode"];
            link: components["schemas"]["InvitationLink"];
            expiresAt: components["schemas"]["Timestamp"];
        };
        /** @description An invitation as the user sees it - a data recipient (`agent`) once claimed, an invitation link (`invitation`) before. */
        InvitationListEntry: {
            id: components["schemas"]["Id"];
            /** @enum {string} */
            type: "agent" | "invitation";
            /** @description The company's commercial name; `null` for unclaimed invitations. */
            displayName: string | null;
            /** @description The company's web site; `null` when unknown or unclaimed. */
            site: string | null;
            code: components["schemas"]["AccessCode"];
            link: components["schemas"]["InvitationLink"];
            status: components["schemas"]["InvitationStatus"];
            createdAt: components["schemas"]["Timestamp"];
            statusChangedAt: components["schemas"]["Timestamp"];
            expiresAt: components["schemas"]["Timestamp"];
        };
        PermissionEntry: {
            id: components["schemas"]["Id"];
            includeSensitiveData: boolean;
            product: components["schemas"]["Product"];
        };
        Permissions: {
            vehicles: components["schemas"]["PermissionEntry"][];
            wallboxes: components["schemas"]["PermissionEntry"][];
        };
        /** @enum {string} */
        SharingEventType: "CREATED" | "CLAIMED" | "ACCEPTED" | "DECLINED" | "REVOKED" | "PAUSED" | "RESUMED" | "DATA_DOWNLOADED";
        /**
         * @description Who caused an event; `system` for the server itself (e.g. expiry).
         * @enum {string}
         */
        SharingActorRole: "user" | "agent" | "admin" | "system";
        SharingEvent: {
            id: components["schemas"]["Id"];
            type: components["schemas"]["SharingEventType"];
            actorRole: components["schemas"]["SharingActorRole"];
            /** @description The person's full name or the company's display name; `null` for system actions. */
            actorName: string | null;
            at: components["schemas"]["Timestamp"];
        };
        /** @description An invitation as the company sees it (a connected user). */
        ConnectedInvitation: {
            invitationId: components["schemas"]["Id"];
            fullName: string;
            email: components["schemas"]["Email"];
            createdAt: components["schemas"]["Timestamp"];
            status: components["schemas"]["InvitationStatus"];
        };
        AgentStatusResponse: {
            /**
             * @description `null` before the company has registered.
             * @enum {string|null}
             */
            status: "pending" | "rejected" | "active" | null;
        };
        /**
         * @description `sme` Small & Medium Enterprise, `non_profit` Non-profit organization, `large` Large.
         * @enum {string}
         */
        CompanyType: "sme" | "non_profit" | "large";
        /** @enum {string} */
        RepresentativeTitle: "mr" | "ms";
        RepresentativeInput: {
            title?: components["schemas"]["RepresentativeTitle"];
            firstname: string;
            surname: string;
        };
        Representative: {
            /** @enum {string|null} */
            title: "mr" | "ms" | null;
            firstname: string;
            surname: string;
        };
        /** @description The registration form. Text is plain text (no markup); documents are uploaded first and referenced by id. */
        AgentRegistration: {
            /** @description Company legal name. */
            legalName: string;
            /** @description Commercial name shown to users. */
            displayName: string;
            /** @description VAT number, digits only. */
            vatNumber: string;
            /** @description ISO 3166-1 alpha-2 country code. */
            country: string;
            /** @description Company web site (optional). */
            site?: string;
            type: components["schemas"]["CompanyType"];
            /** @description The company is on a sanction list. */
            sanction: boolean;
            /** @description The company is a designated gatekeeper. */
            gatekeeper: boolean;
            representative: components["schemas"]["RepresentativeInput"];
            /** @description Ids of the uploaded documents (at most 3 per section, 4 sections). */
            fileIds: components["schemas"]["Id"][];
        };
        /** @description A submitted registration (the form without `fileIds`; absent optional values are `null`). */
        AgentRegistrationDetails: {
            legalName: string;
            displayName: string;
            vatNumber: string;
            country: string;
            site: string | null;
            type: components["schemas"]["CompanyType"];
            sanction: boolean;
            gatekeeper: boolean;
            representative: components["schemas"]["Representative"];
        };
        RegistrationSubmitted: {
            /** @constant */
            status: "pending";
        };
        /**
         * @description `REGISTRATION` registry extract (required), `CERTIFICATE` domain certificate (optional),
         *     `SME_CONFIRMATION` SME size confirmation (required when the type is `sme`), `REPRESENTATIVE`
         *     evidence of the authorised representative (required).
         * @enum {string}
         */
        AgentFileSection: "REGISTRATION" | "CERTIFICATE" | "SME_CONFIRMATION" | "REPRESENTATIVE";
        /** @example registry-extract.pdf */
        Filename: string;
        AgentFile: {
            id: components["schemas"]["Id"];
            section: components["schemas"]["AgentFileSection"];
            filename: components["schemas"]["Filename"];
        };
        UploadedFile: {
            id: components["schemas"]["Id"];
            filename: components["schemas"]["Filename"];
        };
        /** @description Repeated field `file`: 1 to 3 PDF or PNG files of at most 5 MB (5242880 bytes) each. */
        AgentFileUpload: {
            file: string[];
        };
        ApplicationFile: {
            id: components["schemas"]["Id"];
            section: components["schemas"]["AgentFileSection"];
            filename: components["schemas"]["Filename"];
            /** @description Size in bytes. */
            size: number;
            /** @enum {string} */
            contentType: "application/pdf" | "image/png";
        };
        AgentApplication: {
            id: components["schemas"]["Id"];
            status: components["schemas"]["AgentStatus"];
            email: components["schemas"]["Email"];
            fullName: string;
            submittedAt: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description When an admin approved or rejected it; `null` while pending.
             */
            decidedAt: string | null;
            registration: components["schemas"]["AgentRegistrationDetails"];
            files: components["schemas"]["ApplicationFile"][];
        };
        /** @description A redeemed invitation seen by an admin. */
        Sharing: {
            id: components["schemas"]["Id"];
            status: components["schemas"]["InvitationStatus"];
            ownerEmail: components["schemas"]["Email"];
            ownerName: string;
            /** @description The company's display name. */
            agentName: string;
            agentEmail: components["schemas"]["Email"];
            createdAt: components["schemas"]["Timestamp"];
            statusChangedAt: components["schemas"]["Timestamp"];
            productCount: number;
        };
        SimulationClock: {
            speed: number;
            now: components["schemas"]["Timestamp"];
        };
        ContractDriftReport: {
            /** @description The back end the proxy forwards to (`PROXY_TARGET`), or null when it is off. */
            target: string | null;
            /** @description When the simulation answers instead of the back end (`PROXY_FALLBACK`). */
            fallback: {
                /** @description Answer from the simulation when the back end does not implement an operation (501, or a 404/405 outside the contract). */
                unimplemented: boolean;
                /** @description Operations always answered by the simulation. */
                operations: string[];
            };
            drifts: components["schemas"]["ContractDrift"][];
        };
        ContractDrift: {
            /**
             * Format: date-time
             * @description When the exchange happened (real time).
             */
            at: string;
            /** @description The contract operation. */
            operationId: string;
            /** @description HTTP method. */
            method: string;
            /** @description The request path (without the query). */
            path: string;
            /**
             * @description Whether the request or the back end's answer departs from the contract.
             * @enum {string}
             */
            direction: "request" | "response";
            /** @description Status of the back end's answer (0 when it could not be reached). */
            status: number;
            /** @description JSON pointer to the offending value (`/status` for the HTTP status, `/query/...`, `/body/...`). */
            pointer: string;
            /** @description The offending value (absent when it is missing). */
            value?: unknown;
            /** @description What the contract expects. */
            message: string;
        };
        SimulationClockUpdate: {
            /** @description Simulated seconds per real second. */
            speed: number;
        };
        SimulationReset: {
            /**
             * @description Name of a scenario from `listScenarios`.
             * @default demo
             */
            scenario?: string;
            /**
             * @description Seed of the scenario's pseudo-random generator; same seed, same rows.
             * @default 1
             */
            seed?: number;
        };
        Scenario: {
            /** @description What `resetSimulation` takes. */
            name: string;
            title: string;
            description: string;
        };
        /**
         * @description Any operation of this contract except the simulation controls, or `downloadJob`: the background export job itself, so the next download job that would complete ends FAILED instead.
         * @enum {string}
         */
        FaultableOperationId: "downloadJob" | "getHealth" | "getPortalConfig" | "login" | "logout" | "getCurrentUser" | "acceptTerms" | "listProducts" | "setProductCollection" | "listDownloadJobs" | "createProductsDownload" | "createProductDownload" | "getDownloadLink" | "downloadExport" | "createInvitation" | "listClaimedInvitations" | "listUnclaimedInvitations" | "getInvitationPermissions" | "listInvitationEvents" | "decideInvitation" | "revokeInvitation" | "redeemInvitationCode" | "listConnectedInvitations" | "getConnectedInvitationPermissions" | "revokeConnectedInvitation" | "createInvitationDownload" | "getAgentStatus" | "submitAgentRegistration" | "listAgentFiles" | "uploadAgentFiles" | "deleteAgentFile" | "listAgentApplications" | "downloadApplicationFile" | "approveAgentApplication" | "rejectAgentApplication" | "listSharings" | "suspendSharing" | "resumeSharing" | "getUserGuide" | "headUserGuide" | "getCatalogue" | "headCatalogue" | "getTermsDocument" | "headTermsDocument";
        /** @description At least one of `status`, `code` and `delayMs`. */
        FaultInput: {
            operationId: components["schemas"]["FaultableOperationId"];
            /** @description HTTP status to answer with. */
            status?: number;
            code?: components["schemas"]["ErrorCode"];
            /**
             * @description How many calls are affected.
             * @default 1
             */
            count?: number;
            /** @description Delay before answering, in milliseconds. */
            delayMs?: number;
        } | Record<string, never> | Record<string, never> | Record<string, never>;
        Fault: {
            id: components["schemas"]["Id"];
            operationId: components["schemas"]["FaultableOperationId"];
            /** @description Status the calls fail with; `null` for a delay-only fault. */
            status: number | null;
            /** @description Error code the calls fail with; `null` for a delay-only fault. */
            code: components["schemas"]["ErrorCode"] | null;
            delayMs: number | null;
            /** @description Calls still to be affected. */
            remaining: number;
            createdAt: components["schemas"]["Timestamp"];
        };
        SimulationClockAdvance: {
            /** @description Simulated minutes to skip (up to a year). */
            minutes: number;
        };
        SimulationOperation: {
            operationId: components["schemas"]["FaultableOperationId"];
            /** @enum {string} */
            method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "JOB";
            path: string;
            summary: string;
            /** @description Error statuses the contract declares for the operation. */
            statuses: number[];
            /** @description Error codes the contract lists for the operation, with their status. */
            errorCodes: {
                code: components["schemas"]["ErrorCode"];
                status: number;
            }[];
        };
        SimulationPersonaSwitch: {
            email: components["schemas"]["Email"];
        };
        ScenarioName: string;
        /** @description Letters, digits, spaces, hyphens and underscores; starts with a letter or digit. */
        SnapshotName: string;
        SimulationSnapshotInput: {
            name: components["schemas"]["SnapshotName"];
        };
        SimulationSnapshot: {
            name: components["schemas"]["SnapshotName"];
            createdAt: components["schemas"]["Timestamp"];
            sizeBytes: number;
        };
        SimulationSandboxInput: {
            scenario?: components["schemas"]["ScenarioName"];
            /** @description Name of the sandbox (the `X-Sandbox` value); a random one when omitted. */
            id?: string;
        };
        SimulationSandbox: {
            /** @description The sandbox's name; `null` for the shared world. */
            id: string | null;
            scenario: components["schemas"]["ScenarioName"];
            createdAt: components["schemas"]["Timestamp"];
            /** @description When the sandbox is removed unless called again; `null` for the shared world. */
            expiresAt: components["schemas"]["Timestamp"] | null;
        };
        SimulationCall: {
            id: string;
            at: components["schemas"]["Timestamp"];
            method: string;
            path: string;
            operationId: string | null;
            status: number;
            durationMs: number;
            /** @description What in the answer breaks the contract; `null` when it conforms. */
            violation: string | null;
            requestBody: string | null;
            responseBody: string | null;
        };
    };
    responses: {
        /** @description The request is malformed or not allowed as sent (`VALIDATION_FAILED` and request-specific codes). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No valid session (`UNAUTHENTICATED`). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "UNAUTHENTICATED",
                 *           "message": "You need to sign in to do this."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The caller may not do this (`FORBIDDEN`, `CSRF_REJECTED` and resource-specific codes). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The resource does not exist or is not the caller's (`NOT_FOUND` and resource-specific codes). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "INVITATION_NOT_FOUND",
                 *           "message": "This invitation could not be found. It may have been deleted or expired."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The resource is not in a state that allows the action (state-specific codes). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "INVALID_INVITATION_STATE",
                 *           "message": "This invitation is no longer pending. Please refresh the page."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The `Idempotency-Key` was used before with a different request (`IDEMPOTENCY_KEY_REUSED`). */
        IdempotencyKeyReused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "IDEMPOTENCY_KEY_REUSED",
                 *           "message": "This Idempotency-Key was already used for a different request."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The export has expired (`EXPORT_EXPIRED`). */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "EXPORT_EXPIRED",
                 *           "message": "This export has expired. Please start a new download."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is too large (`BODY_TOO_LARGE`), or an uploaded file is (`FILE_TOO_LARGE`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "FILE_TOO_LARGE",
                 *           "message": "File size too large: scan.pdf",
                 *           "field": "file"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is not in a media type the operation takes (`UNSUPPORTED_MEDIA_TYPE`), or an uploaded file's type is not allowed (`FILE_TYPE_NOT_ALLOWED`). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "FILE_TYPE_NOT_ALLOWED",
                 *           "message": "File type is not allowed: photo.jpg",
                 *           "field": "file"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Rate limit reached (`RATE_LIMITED`). */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "RATE_LIMITED",
                 *           "message": "Too many attempts. Please wait a minute and try again."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The caller already has the most downloads being prepared at once (`TOO_MANY_EXPORTS`). */
        TooManyExports: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "TOO_MANY_EXPORTS",
                 *           "message": "You already have 5 downloads being prepared. Please wait until one of them is ready, then try again."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Unexpected failure (`INTERNAL_ERROR`); the details are in the server log under the request id. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "errors": [
                 *         {
                 *           "code": "INTERNAL_ERROR",
                 *           "message": "Something went wrong.",
                 *           "requestId": "req-7f3a9c"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request is malformed (`VALIDATION_FAILED`); an answer to `HEAD` has no body. */
        HeadBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description No such document (`DOCUMENT_NOT_FOUND`); an answer to `HEAD` has no body. */
        HeadNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Unexpected failure (`INTERNAL_ERROR`); an answer to `HEAD` has no body. */
        HeadInternalError: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The PDF document, shown inline. */
        PdfDocument: {
            headers: {
                "Content-Length": components["headers"]["ContentLength"];
                ETag: components["headers"]["ETag"];
                "Last-Modified": components["headers"]["LastModified"];
                "Cache-Control": components["headers"]["CacheControlNoCache"];
                [name: string]: unknown;
            };
            content: {
                "application/pdf": string;
            };
        };
        /** @description The document exists; headers only. */
        PdfDocumentHead: {
            headers: {
                /**
                 * @description Always `application/pdf`.
                 * @example application/pdf
                 */
                "Content-Type": "application/pdf";
                "Content-Length": components["headers"]["ContentLength"];
                ETag: components["headers"]["ETag"];
                "Last-Modified": components["headers"]["LastModified"];
                "Cache-Control": components["headers"]["CacheControlNoCache"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The copy the client holds (`If-None-Match`) is still current; no body. */
        PdfNotModified: {
            headers: {
                ETag: components["headers"]["ETag"];
                "Cache-Control": components["headers"]["CacheControlNoCache"];
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /**
         * @description The snapshot's name.
         * @example before-approval
         */
        SnapshotNamePath: components["schemas"]["SnapshotName"];
        /**
         * @description A key the client makes up per intended action (e.g. a UUID per form submission). Repeating the
         *     request with the same key within 24 hours returns the first successful answer (with
         *     `Idempotent-Replayed: true`) instead of creating again; the same key with a different request
         *     (operation, path or body) is a `422 IDEMPOTENCY_KEY_REUSED`. Keys belong to the signed-in user and
         *     never match another user's. Failed requests are not stored: retrying one runs it again.
         * @example 5f0c7e0e-8d2c-4b7b-9a63-1c1f0a4e2b11
         */
        IdempotencyKey: string;
        /**
         * @description Page size. Without `limit` and `cursor` the whole list is answered (streamed), as the specification defines it; with a `cursor` and no `limit` a page holds 50 items (`x-default: 50`). The next page, if any, is announced in the `Link` header.
         * @example 50
         */
        PageLimit: number;
        /**
         * @description Page size of the download jobs: at most 50, the number the list shows without paging (`x-default: 50`). The next page, if any, is announced in the `Link` header.
         * @example 20
         */
        DownloadJobsLimit: number;
        /**
         * @description Opaque position from a previous page's `Link: <...>; rel="next"` header. It stays valid while rows are added (newer rows never shift later pages). A cursor this list did not give answers 400 `VALIDATION_FAILED`.
         * @example WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo
         */
        PageCursor: string;
        /**
         * @description Only entries whose status changed after this instant (`statusChangedAt` later than it). With `limit=1` a client reads how many entries changed since it last looked from `X-Total-Count` (the tabs' unread badges) without loading the list.
         * @example 2025-03-02T00:00:00.000Z
         */
        ChangedAfter: string;
        /**
         * @description Text search, case-insensitive, on the fields the operation names (part of a word is enough). Blank means no search. Combines with the filter; `X-Total-Count` counts the matches.
         * @example muller
         */
        SearchQuery: string;
        /**
         * @description The terms version to accept (the user's `termsToAccept`).
         * @example 2025-06
         */
        TermsIdPath: components["schemas"]["TermsId"];
        /**
         * @description Product id.
         * @example prod-veh-1
         */
        ProductIdPath: components["schemas"]["Id"];
        /**
         * @description Turn data collection on (`ENABLE`) or off (`DISABLE`).
         * @example DISABLE
         */
        CollectionActionPath: components["schemas"]["CollectionAction"];
        /**
         * @description Download job id.
         * @example job-second-ready
         */
        JobIdPath: components["schemas"]["Id"];
        /**
         * @description Opaque export token from `getDownloadLink`.
         * @example demo-link-second-all-products
         */
        ExportTokenPath: string;
        /**
         * @description Which invitations to list.
         * @example ALL
         */
        InvitationFilterPath: components["schemas"]["InvitationFilter"];
        /**
         * @description Invitation id.
         * @example inv-owner-claimed
         */
        InvitationIdPath: components["schemas"]["Id"];
        /**
         * @description Invitation id of the connected user.
         * @example inv-owner-accepted
         */
        InvitationIdInvitesPath: components["schemas"]["Id"];
        /**
         * @description Accept or decline the company.
         * @example accept
         */
        DecisionPath: components["schemas"]["InvitationDecision"];
        /**
         * @description The access (invitation) code, as typed or from a `/redeem/{code}` link.
         * @example 2mbc-e3an-9xge-svxq
         */
        AccessCodePath: components["schemas"]["AccessCodeInput"];
        /**
         * @description Document section the files belong to.
         * @example REGISTRATION
         */
        FileSectionPath: components["schemas"]["AgentFileSection"];
        /**
         * @description File id.
         * @example file-pending-1
         */
        FileIdPath: components["schemas"]["Id"];
        /**
         * @description Id of one of the company's documents of a registration not submitted yet.
         * @example file-draft-1
         */
        DraftFileIdPath: components["schemas"]["Id"];
        /**
         * @description Application id.
         * @example agent-pending
         */
        ApplicationIdPath: components["schemas"]["Id"];
        /**
         * @description Sharing id (the invitation id).
         * @example inv-owner-accepted
         */
        SharingIdPath: components["schemas"]["Id"];
        /**
         * @description Sharing id (the invitation id) of a sharing an admin paused.
         * @example inv-owner-paused
         */
        PausedSharingIdPath: components["schemas"]["Id"];
        /**
         * @description Catalogue file name (URL-encoded, e.g. `Vehicle%20Data.pdf`).
         * @example Vehicle Data.pdf
         */
        CatalogueDocumentPath: "Vehicle Data.pdf" | "Home Charger Data.pdf" | "Data Prices.pdf";
        /**
         * @description Terms file name `{termsId}_{role}_en.pdf`.
         * @example 2025-01_user_en.pdf
         */
        TermsDocumentPath: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`.
         * @example true
         */
        IdempotentReplayed: "true";
        /**
         * @description How many items the whole list holds with this filter and search (all pages together). Badges read it from a `limit=1` call instead of loading the list.
         * @example 50007
         */
        TotalCount: number;
        /**
         * @description RFC 8288 link to the next page, present only when there is one: `<{path}?limit=50&cursor=...>; rel="next"` (a URI reference relative to the request).
         * @example </api/v1/agents/invitations/ALL?limit=50&cursor=WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo>; rel="next"
         */
        NextPageLink: string;
        /**
         * @description `attachment` with the file name.
         * @example attachment; filename="data-export-2025-03-14.zip"
         */
        ContentDisposition: string;
        /**
         * @description Size of the body in bytes.
         * @example 482133
         */
        ContentLength: number;
        /**
         * @description Validator of this version of the document; send it back in `If-None-Match` to get `304` when unchanged.
         * @example "3q2-7w"
         */
        ETag: string;
        /**
         * @description When this version of the document was generated (HTTP date).
         * @example Mon, 23 Nov 2026 18:00:00 GMT
         */
        LastModified: string;
        /** @description `no-cache`: a cache may keep the document but must revalidate it (`If-None-Match`) before every use. */
        CacheControlNoCache: "no-cache";
        /**
         * @description Seconds to wait before retrying.
         * @example 60
         */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server is healthy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getPortalConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "productName": "Data Act Portal",
                     *       "manufacturer": "the manufacturer",
                     *       "supportEmail": "support@example.com",
                     *       "mode": "demo",
                     *       "devMode": true,
                     *       "defaultLanguage": "en"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalConfig"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    login: {
        parameters: {
            query?: {
                /**
                 * @description Authorisation code from the identity provider.
                 * @example SplxlOBeZQQYbYS6WxSbIA
                 */
                code?: string;
                /**
                 * @description Issuer identifier of the provider that answered (RFC 9207).
                 * @example http://localhost:3000/oidc
                 */
                iss?: string;
                /**
                 * @description The state value the server sent when it started the flow.
                 * @example af0ifjsldkj
                 */
                state?: string;
                /**
                 * @description Client id the provider issued the code to.
                 * @example data-act-portal
                 */
                client_id?: string;
                /**
                 * @description Error reported by the provider instead of a code.
                 * @example access_denied
                 */
                error?: string;
                /**
                 * @description Which kind of account the visitor chose on the login page. Only a hint: the built-in development
                 *     provider opens the matching sign-up form first; external providers ignore it.
                 * @example agent
                 */
                role?: "user" | "agent";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description Redirect to the identity provider (flow started), to `/` (signed in, cookie set) or to
             *     `/login?error=unavailable|failed`.
             */
            302: {
                headers: {
                    /**
                     * @description Where the browser goes next.
                     * @example /
                     */
                    Location: string;
                    /**
                     * @description The new `portal_session` cookie (only when the flow finished successfully).
                     * @example portal_session=s%3Aabc123; Path=/; HttpOnly; SameSite=Lax
                     */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    /**
                     * @description Clears the `portal_session` cookie.
                     * @example portal_session=; Path=/; HttpOnly; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT
                     */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalError"];
        };
    };
    acceptTerms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The terms version to accept (the user's `termsToAccept`).
                 * @example 2025-06
                 */
                termsId: components["parameters"]["TermsIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "user-terms",
                     *       "email": "terms@example.com",
                     *       "fullName": "Theo Terms",
                     *       "role": "user",
                     *       "termsToAccept": null,
                     *       "agentStatus": null
                     *     }
                     */
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    listProducts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The products. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "vehicles": [
                     *         {
                     *           "id": "prod-veh-1",
                     *           "externalId": "WVGZZZE2ZNP004821",
                     *           "productType": "VEHICLE",
                     *           "dataCollectionEnabled": true,
                     *           "productFields": {
                     *             "model": "ID.4",
                     *             "brand": "Volkswagen"
                     *           }
                     *         },
                     *         {
                     *           "id": "prod-veh-2",
                     *           "externalId": "WVWZZZE1ZPP017734",
                     *           "productType": "VEHICLE",
                     *           "dataCollectionEnabled": true,
                     *           "productFields": {
                     *             "model": "ID.3",
                     *             "brand": "Volkswagen"
                     *           }
                     *         },
                     *         {
                     *           "id": "prod-veh-3",
                     *           "externalId": "WAUZZZF45PA031598",
                     *           "productType": "VEHICLE",
                     *           "dataCollectionEnabled": false,
                     *           "productFields": {
                     *             "model": "Q4 e-tron",
                     *             "brand": "Audi"
                     *           }
                     *         }
                     *       ],
                     *       "wallboxes": [
                     *         {
                     *           "id": "prod-wb-1",
                     *           "externalId": "WBX22-2301-004512",
                     *           "productType": "WALLBOX",
                     *           "dataCollectionEnabled": true,
                     *           "productFields": {
                     *             "name": "Garage wallbox"
                     *           }
                     *         },
                     *         {
                     *           "id": "prod-wb-2",
                     *           "externalId": "WBX11-2210-003887",
                     *           "productType": "WALLBOX",
                     *           "dataCollectionEnabled": false,
                     *           "productFields": {
                     *             "name": "Carport wallbox"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ProductsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    setProductCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Product id.
                 * @example prod-veh-1
                 */
                id: components["parameters"]["ProductIdPath"];
                /**
                 * @description Turn data collection on (`ENABLE`) or off (`DISABLE`).
                 * @example DISABLE
                 */
                action: components["parameters"]["CollectionActionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated product. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "prod-veh-1",
                     *       "externalId": "WVGZZZE2ZNP004821",
                     *       "productType": "VEHICLE",
                     *       "dataCollectionEnabled": false,
                     *       "productFields": {
                     *         "model": "ID.4",
                     *         "brand": "Volkswagen"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    listDownloadJobs: {
        parameters: {
            query?: {
                /**
                 * @description Page size of the download jobs: at most 50, the number the list shows without paging (`x-default: 50`). The next page, if any, is announced in the `Link` header.
                 * @example 20
                 */
                limit?: components["parameters"]["DownloadJobsLimit"];
                /**
                 * @description Opaque position from a previous page's `Link: <...>; rel="next"` header. It stays valid while rows are added (newer rows never shift later pages). A cursor this list did not give answers 400 `VALIDATION_FAILED`.
                 * @example WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo
                 */
                cursor?: components["parameters"]["PageCursor"];
                /**
                 * @description Text search, case-insensitive, on the fields the operation names (part of a word is enough). Blank means no search. Combines with the filter; `X-Total-Count` counts the matches.
                 * @example muller
                 */
                q?: components["parameters"]["SearchQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jobs, newest first. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["NextPageLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "job-second-link-lapsed",
                     *         "relatedId": "prod-wb-3",
                     *         "type": "PRODUCT",
                     *         "status": "COMPLETED",
                     *         "exportRequest": {
                     *           "vehicles": [],
                     *           "wallboxes": [
                     *             {
                     *               "id": "prod-wb-3"
                     *             }
                     *           ]
                     *         },
                     *         "createdAt": "2026-11-23T18:03:15.189Z",
                     *         "updatedAt": "2026-11-23T18:03:22.189Z"
                     *       },
                     *       {
                     *         "id": "job-second-linked",
                     *         "relatedId": null,
                     *         "type": "PRODUCTS",
                     *         "status": "COMPLETED",
                     *         "exportRequest": {
                     *           "vehicles": [
                     *             {
                     *               "id": "prod-veh-4"
                     *             }
                     *           ],
                     *           "wallboxes": [
                     *             {
                     *               "id": "prod-wb-3"
                     *             }
                     *           ]
                     *         },
                     *         "createdAt": "2026-11-23T20:03:15.189Z",
                     *         "updatedAt": "2026-11-23T20:03:22.189Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["DownloadJob"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    createProductsDownload: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key the client makes up per intended action (e.g. a UUID per form submission). Repeating the
                 *     request with the same key within 24 hours returns the first successful answer (with
                 *     `Idempotent-Replayed: true`) instead of creating again; the same key with a different request
                 *     (operation, path or body) is a `422 IDEMPOTENCY_KEY_REUSED`. Keys belong to the signed-in user and
                 *     never match another user's. Failed requests are not stored: retrying one runs it again.
                 * @example 5f0c7e0e-8d2c-4b7b-9a63-1c1f0a4e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new job. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job_3",
                     *       "relatedId": null,
                     *       "type": "PRODUCTS",
                     *       "status": "CREATED",
                     *       "exportRequest": {
                     *         "vehicles": [
                     *           {
                     *             "id": "prod-veh-1"
                     *           }
                     *         ],
                     *         "wallboxes": [
                     *           {
                     *             "id": "prod-wb-1"
                     *           }
                     *         ]
                     *       },
                     *       "createdAt": "2025-03-14T09:40:00.000Z",
                     *       "updatedAt": "2025-03-14T09:40:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["DownloadJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyExports"];
            500: components["responses"]["InternalError"];
        };
    };
    createProductDownload: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key the client makes up per intended action (e.g. a UUID per form submission). Repeating the
                 *     request with the same key within 24 hours returns the first successful answer (with
                 *     `Idempotent-Replayed: true`) instead of creating again; the same key with a different request
                 *     (operation, path or body) is a `422 IDEMPOTENCY_KEY_REUSED`. Keys belong to the signed-in user and
                 *     never match another user's. Failed requests are not stored: retrying one runs it again.
                 * @example 5f0c7e0e-8d2c-4b7b-9a63-1c1f0a4e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Product id.
                 * @example prod-veh-1
                 */
                id: components["parameters"]["ProductIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new job. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job_4",
                     *       "relatedId": "prod-veh-1",
                     *       "type": "PRODUCT",
                     *       "status": "CREATED",
                     *       "exportRequest": {
                     *         "vehicles": [
                     *           {
                     *             "id": "prod-veh-1"
                     *           }
                     *         ],
                     *         "wallboxes": []
                     *       },
                     *       "createdAt": "2025-03-14T09:45:00.000Z",
                     *       "updatedAt": "2025-03-14T09:45:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["DownloadJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyExports"];
            500: components["responses"]["InternalError"];
        };
    };
    getDownloadLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Download job id.
                 * @example job-second-ready
                 */
                jobId: components["parameters"]["JobIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "link": "/api/v1/exports/3q2-7wEXAMPLEtoken_9xZ"
                     *     }
                     */
                    "application/json": components["schemas"]["DownloadLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            500: components["responses"]["InternalError"];
        };
    };
    downloadExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Opaque export token from `getDownloadLink`.
                 * @example demo-link-second-all-products
                 */
                token: components["parameters"]["ExportTokenPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The zip file. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    "Content-Length": components["headers"]["ContentLength"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            500: components["responses"]["InternalError"];
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key the client makes up per intended action (e.g. a UUID per form submission). Repeating the
                 *     request with the same key within 24 hours returns the first successful answer (with
                 *     `Idempotent-Replayed: true`) instead of creating again; the same key with a different request
                 *     (operation, path or body) is a `422 IDEMPOTENCY_KEY_REUSED`. Keys belong to the signed-in user and
                 *     never match another user's. Failed requests are not stored: retrying one runs it again.
                 * @example 5f0c7e0e-8d2c-4b7b-9a63-1c1f0a4e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "productId": "prod-veh-1",
                 *         "includeSensitiveData": true
                 *       },
                 *       {
                 *         "productId": "prod-wb-1",
                 *         "includeSensitiveData": false
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["InvitationCreateItem"][];
            };
        };
        responses: {
            /** @description The invitation code and link. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "2MBC-E3AN-9XGE-SVXQ",
                     *       "link": "http://localhost:3000/redeem/2MBC-E3AN-9XGE-SVXQ",
                     *       "expiresAt": "2025-03-28T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["InvitationCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            500: components["responses"]["InternalError"];
        };
    };
    listClaimedInvitations: {
        parameters: {
            query?: {
                /**
                 * @description Page size. Without `limit` and `cursor` the whole list is answered (streamed), as the specification defines it; with a `cursor` and no `limit` a page holds 50 items (`x-default: 50`). The next page, if any, is announced in the `Link` header.
                 * @example 50
                 */
                limit?: components["parameters"]["PageLimit"];
                /**
                 * @description Opaque position from a previous page's `Link: <...>; rel="next"` header. It stays valid while rows are added (newer rows never shift later pages). A cursor this list did not give answers 400 `VALIDATION_FAILED`.
                 * @example WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo
                 */
                cursor?: components["parameters"]["PageCursor"];
                /**
                 * @description Text search, case-insensitive, on the fields the operation names (part of a word is enough). Blank means no search. Combines with the filter; `X-Total-Count` counts the matches.
                 * @example muller
                 */
                q?: components["parameters"]["SearchQuery"];
                /**
                 * @description Only entries whose status changed after this instant (`statusChangedAt` later than it). With `limit=1` a client reads how many entries changed since it last looked from `X-Total-Count` (the tabs' unread badges) without loading the list.
                 * @example 2025-03-02T00:00:00.000Z
                 */
                changedAfter?: components["parameters"]["ChangedAfter"];
            };
            header?: never;
            path: {
                /**
                 * @description Which invitations to list.
                 * @example ALL
                 */
                filter: components["parameters"]["InvitationFilterPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The data recipients. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["NextPageLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "inv-owner-claimed",
                     *         "type": "agent",
                     *         "displayName": "Fleet Analytics",
                     *         "site": "Munich",
                     *         "code": "FM6B-AZM4-JZ0J-V68R",
                     *         "link": "http://localhost:3000/redeem/FM6B-AZM4-JZ0J-V68R",
                     *         "status": "CLAIMED",
                     *         "createdAt": "2026-11-17T21:03:16.789Z",
                     *         "statusChangedAt": "2026-11-18T21:03:16.789Z",
                     *         "expiresAt": "2026-12-01T21:03:16.789Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["InvitationListEntry"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    listUnclaimedInvitations: {
        parameters: {
            query?: {
                /**
                 * @description Page size. Without `limit` and `cursor` the whole list is answered (streamed), as the specification defines it; with a `cursor` and no `limit` a page holds 50 items (`x-default: 50`). The next page, if any, is announced in the `Link` header.
                 * @example 50
                 */
                limit?: components["parameters"]["PageLimit"];
                /**
                 * @description Opaque position from a previous page's `Link: <...>; rel="next"` header. It stays valid while rows are added (newer rows never shift later pages). A cursor this list did not give answers 400 `VALIDATION_FAILED`.
                 * @example WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo
                 */
                cursor?: components["parameters"]["PageCursor"];
                /**
                 * @description Text search, case-insensitive, on the fields the operation names (part of a word is enough). Blank means no search. Combines with the filter; `X-Total-Count` counts the matches.
                 * @example muller
                 */
                q?: components["parameters"]["SearchQuery"];
                /**
                 * @description Only entries whose status changed after this instant (`statusChangedAt` later than it). With `limit=1` a client reads how many entries changed since it last looked from `X-Total-Count` (the tabs' unread badges) without loading the list.
                 * @example 2025-03-02T00:00:00.000Z
                 */
                changedAfter?: components["parameters"]["ChangedAfter"];
            };
            header?: never;
            path: {
                /**
                 * @description Which invitations to list.
                 * @example ALL
                 */
                filter: components["parameters"]["InvitationFilterPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation links. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["NextPageLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "inv-owner-created",
                     *         "type": "invitation",
                     *         "displayName": null,
                     *         "site": null,
                     *         "code": "2MBC-E3AN-9XGE-SVXQ",
                     *         "link": "http://localhost:3000/redeem/2MBC-E3AN-9XGE-SVXQ",
                     *         "status": "CREATED",
                     *         "createdAt": "2025-03-14T09:30:00.000Z",
                     *         "statusChangedAt": "2025-03-14T09:30:00.000Z",
                     *         "expiresAt": "2025-03-28T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["InvitationListEntry"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    getInvitationPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Invitation id.
                 * @example inv-owner-claimed
                 */
                id: components["parameters"]["InvitationIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The permissions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Permissions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    listInvitationEvents: {
        parameters: {
            query?: {
                /**
                 * @description Page size. Without `limit` and `cursor` the whole list is answered (streamed), as the specification defines it; with a `cursor` and no `limit` a page holds 50 items (`x-default: 50`). The next page, if any, is announced in the `Link` header.
                 * @example 50
                 */
                limit?: components["parameters"]["PageLimit"];
                /**
                 * @description Opaque position from a previous page's `Link: <...>; rel="next"` header. It stays valid while rows are added (newer rows never shift later pages). A cursor this list did not give answers 400 `VALIDATION_FAILED`.
                 * @example WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo
                 */
                cursor?: components["parameters"]["PageCursor"];
            };
            header?: never;
            path: {
                /**
                 * @description Invitation id.
                 * @example inv-owner-claimed
                 */
                id: components["parameters"]["InvitationIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events, oldest first. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["NextPageLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "evt-owner-claimed-1",
                     *         "type": "CREATED",
                     *         "actorRole": "user",
                     *         "actorName": "Olivia Owner",
                     *         "at": "2026-11-17T21:03:17.610Z"
                     *       },
                     *       {
                     *         "id": "evt-owner-claimed-2",
                     *         "type": "CLAIMED",
                     *         "actorRole": "agent",
                     *         "actorName": "Fleet Analytics",
                     *         "at": "2026-11-18T21:03:17.610Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SharingEvent"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    decideInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Invitation id.
                 * @example inv-owner-claimed
                 */
                id: components["parameters"]["InvitationIdPath"];
                /**
                 * @description Accept or decline the company.
                 * @example accept
                 */
                decision: components["parameters"]["DecisionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated invitation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "inv-owner-claimed",
                     *       "type": "agent",
                     *       "displayName": "Fleet Analytics",
                     *       "site": "Munich",
                     *       "code": "FM6B-AZM4-JZ0J-V68R",
                     *       "link": "http://localhost:3000/redeem/FM6B-AZM4-JZ0J-V68R",
                     *       "status": "ACCEPTED",
                     *       "createdAt": "2026-11-17T21:03:17.809Z",
                     *       "statusChangedAt": "2026-11-23T21:03:18.417Z",
                     *       "expiresAt": "2026-12-01T21:03:17.809Z"
                     *     }
                     */
                    "application/json": components["schemas"]["InvitationListEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Invitation id.
                 * @example inv-owner-claimed
                 */
                id: components["parameters"]["InvitationIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated invitation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "inv-owner-claimed",
                     *       "type": "agent",
                     *       "displayName": "Fleet Analytics",
                     *       "site": "Munich",
                     *       "code": "FM6B-AZM4-JZ0J-V68R",
                     *       "link": "http://localhost:3000/redeem/FM6B-AZM4-JZ0J-V68R",
                     *       "status": "REVOKED_AFTER_CLAIMED",
                     *       "createdAt": "2026-11-17T21:03:18.448Z",
                     *       "statusChangedAt": "2026-11-23T21:03:18.627Z",
                     *       "expiresAt": "2026-12-01T21:03:18.448Z"
                     *     }
                     */
                    "application/json": components["schemas"]["InvitationListEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    redeemInvitationCode: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key the client makes up per intended action (e.g. a UUID per form submission). Repeating the
                 *     request with the same key within 24 hours returns the first successful answer (with
                 *     `Idempotent-Replayed: true`) instead of creating again; the same key with a different request
                 *     (operation, path or body) is a `422 IDEMPOTENCY_KEY_REUSED`. Keys belong to the signed-in user and
                 *     never match another user's. Failed requests are not stored: retrying one runs it again.
                 * @example 5f0c7e0e-8d2c-4b7b-9a63-1c1f0a4e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The access (invitation) code, as typed or from a `/redeem/{code}` link.
                 * @example 2mbc-e3an-9xge-svxq
                 */
                code: components["parameters"]["AccessCodePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new connection, pending the user's decision. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "invitationId": "inv-owner-created",
                     *       "fullName": "Olivia Owner",
                     *       "email": "owner@example.com",
                     *       "createdAt": "2026-11-23T21:03:18.740Z",
                     *       "status": "CLAIMED"
                     *     }
                     */
                    "application/json": components["schemas"]["ConnectedInvitation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listConnectedInvitations: {
        parameters: {
            query?: {
                /**
                 * @description Page size. Without `limit` and `cursor` the whole list is answered (streamed), as the specification defines it; with a `cursor` and no `limit` a page holds 50 items (`x-default: 50`). The next page, if any, is announced in the `Link` header.
                 * @example 50
                 */
                limit?: components["parameters"]["PageLimit"];
                /**
                 * @description Opaque position from a previous page's `Link: <...>; rel="next"` header. It stays valid while rows are added (newer rows never shift later pages). A cursor this list did not give answers 400 `VALIDATION_FAILED`.
                 * @example WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo
                 */
                cursor?: components["parameters"]["PageCursor"];
                /**
                 * @description Text search, case-insensitive, on the fields the operation names (part of a word is enough). Blank means no search. Combines with the filter; `X-Total-Count` counts the matches.
                 * @example muller
                 */
                q?: components["parameters"]["SearchQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description Which invitations to list.
                 * @example ALL
                 */
                filter: components["parameters"]["InvitationFilterPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connected users. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["NextPageLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "invitationId": "inv-owner-claimed",
                     *         "fullName": "Olivia Owner",
                     *         "email": "owner@example.com",
                     *         "createdAt": "2026-11-18T21:03:18.766Z",
                     *         "status": "CLAIMED"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ConnectedInvitation"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    getConnectedInvitationPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Invitation id.
                 * @example inv-owner-claimed
                 */
                id: components["parameters"]["InvitationIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The permissions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "vehicles": [
                     *         {
                     *           "id": "prod-veh-1",
                     *           "includeSensitiveData": false,
                     *           "product": {
                     *             "id": "prod-veh-1",
                     *             "externalId": "WVGZZZE2ZNP004821",
                     *             "productType": "VEHICLE",
                     *             "dataCollectionEnabled": true,
                     *             "productFields": {
                     *               "model": "ID.4",
                     *               "brand": "Volkswagen"
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "id": "prod-veh-2",
                     *           "includeSensitiveData": false,
                     *           "product": {
                     *             "id": "prod-veh-2",
                     *             "externalId": "WVWZZZE1ZPP017734",
                     *             "productType": "VEHICLE",
                     *             "dataCollectionEnabled": true,
                     *             "productFields": {
                     *               "model": "ID.3",
                     *               "brand": "Volkswagen"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "wallboxes": []
                     *     }
                     */
                    "application/json": components["schemas"]["Permissions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeConnectedInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Invitation id.
                 * @example inv-owner-claimed
                 */
                id: components["parameters"]["InvitationIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated connection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "invitationId": "inv-owner-claimed",
                     *       "fullName": "Olivia Owner",
                     *       "email": "owner@example.com",
                     *       "createdAt": "2026-11-18T21:03:19.098Z",
                     *       "status": "REVOKED_AFTER_CLAIMED"
                     *     }
                     */
                    "application/json": components["schemas"]["ConnectedInvitation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    createInvitationDownload: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key the client makes up per intended action (e.g. a UUID per form submission). Repeating the
                 *     request with the same key within 24 hours returns the first successful answer (with
                 *     `Idempotent-Replayed: true`) instead of creating again; the same key with a different request
                 *     (operation, path or body) is a `422 IDEMPOTENCY_KEY_REUSED`. Keys belong to the signed-in user and
                 *     never match another user's. Failed requests are not stored: retrying one runs it again.
                 * @example 5f0c7e0e-8d2c-4b7b-9a63-1c1f0a4e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Invitation id of the connected user.
                 * @example inv-owner-accepted
                 */
                invitationId: components["parameters"]["InvitationIdInvitesPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new job. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cmwtr64mz000afe7dowt6jrqc",
                     *       "relatedId": "inv-owner-accepted",
                     *       "type": "INVITE",
                     *       "status": "CREATED",
                     *       "exportRequest": {
                     *         "vehicles": [
                     *           {
                     *             "id": "prod-veh-1"
                     *           },
                     *           {
                     *             "id": "prod-veh-3"
                     *           }
                     *         ],
                     *         "wallboxes": [
                     *           {
                     *             "id": "prod-wb-1"
                     *           }
                     *         ]
                     *       },
                     *       "createdAt": "2026-11-23T21:03:19.547Z",
                     *       "updatedAt": "2026-11-23T21:03:19.547Z"
                     *     }
                     */
                    "application/json": components["schemas"]["DownloadJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyExports"];
            500: components["responses"]["InternalError"];
        };
    };
    getAgentStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentStatusResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    submitAgentRegistration: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key the client makes up per intended action (e.g. a UUID per form submission). Repeating the
                 *     request with the same key within 24 hours returns the first successful answer (with
                 *     `Idempotent-Replayed: true`) instead of creating again; the same key with a different request
                 *     (operation, path or body) is a `422 IDEMPOTENCY_KEY_REUSED`. Keys belong to the signed-in user and
                 *     never match another user's. Failed requests are not stored: retrying one runs it again.
                 * @example 5f0c7e0e-8d2c-4b7b-9a63-1c1f0a4e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "legalName": "Draft Mobility Services S.A.",
                 *       "displayName": "Draft Mobility",
                 *       "vatNumber": "123456789",
                 *       "country": "GR",
                 *       "site": "https://draft.example.com",
                 *       "type": "sme",
                 *       "sanction": false,
                 *       "gatekeeper": false,
                 *       "representative": {
                 *         "title": "ms",
                 *         "firstname": "Dora",
                 *         "surname": "Draft"
                 *       },
                 *       "fileIds": [
                 *         "file-draft-1",
                 *         "file-draft-2",
                 *         "file-draft-3"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AgentRegistration"];
            };
        };
        responses: {
            /** @description Submitted; in review. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "pending"
                     *     }
                     */
                    "application/json": components["schemas"]["RegistrationSubmitted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            500: components["responses"]["InternalError"];
        };
    };
    listAgentFiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "file-fleet-1",
                     *         "section": "REGISTRATION",
                     *         "filename": "commercial-register-extract.pdf"
                     *       },
                     *       {
                     *         "id": "file-fleet-3",
                     *         "section": "REPRESENTATIVE",
                     *         "filename": "power-of-attorney.pdf"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["AgentFile"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    uploadAgentFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Document section the files belong to.
                 * @example REGISTRATION
                 */
                section: components["parameters"]["FileSectionPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["AgentFileUpload"];
            };
        };
        responses: {
            /** @description The stored files. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "file-pending-1",
                     *         "filename": "registry-extract.pdf"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["UploadedFile"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAgentFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of one of the company's documents of a registration not submitted yet.
                 * @example file-draft-1
                 */
                id: components["parameters"]["DraftFileIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    listAgentApplications: {
        parameters: {
            query?: {
                /**
                 * @description Only applications in this status (all when absent).
                 * @example pending
                 */
                status?: components["schemas"]["AgentStatus"];
                /**
                 * @description Page size. Without `limit` and `cursor` the whole list is answered (streamed), as the specification defines it; with a `cursor` and no `limit` a page holds 50 items (`x-default: 50`). The next page, if any, is announced in the `Link` header.
                 * @example 50
                 */
                limit?: components["parameters"]["PageLimit"];
                /**
                 * @description Opaque position from a previous page's `Link: <...>; rel="next"` header. It stays valid while rows are added (newer rows never shift later pages). A cursor this list did not give answers 400 `VALIDATION_FAILED`.
                 * @example WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo
                 */
                cursor?: components["parameters"]["PageCursor"];
                /**
                 * @description Text search, case-insensitive, on the fields the operation names (part of a word is enough). Blank means no search. Combines with the filter; `X-Total-Count` counts the matches.
                 * @example muller
                 */
                q?: components["parameters"]["SearchQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The applications. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["NextPageLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentApplication"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    downloadApplicationFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description File id.
                 * @example file-pending-1
                 */
                id: components["parameters"]["FileIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    "Content-Length": components["headers"]["ContentLength"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    approveAgentApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example agent-pending
                 */
                id: components["parameters"]["ApplicationIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated application. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentApplication"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    rejectAgentApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Application id.
                 * @example agent-pending
                 */
                id: components["parameters"]["ApplicationIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated application. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentApplication"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    listSharings: {
        parameters: {
            query?: {
                /**
                 * @description Page size. Without `limit` and `cursor` the whole list is answered (streamed), as the specification defines it; with a `cursor` and no `limit` a page holds 50 items (`x-default: 50`). The next page, if any, is announced in the `Link` header.
                 * @example 50
                 */
                limit?: components["parameters"]["PageLimit"];
                /**
                 * @description Opaque position from a previous page's `Link: <...>; rel="next"` header. It stays valid while rows are added (newer rows never shift later pages). A cursor this list did not give answers 400 `VALIDATION_FAILED`.
                 * @example WyIyMDI1LTAzLTAxVDEwOjAwOjAwLjAwMFoiLCJpbnZfMSJd.q1Xw3c9RkTo
                 */
                cursor?: components["parameters"]["PageCursor"];
                /**
                 * @description Text search, case-insensitive, on the fields the operation names (part of a word is enough). Blank means no search. Combines with the filter; `X-Total-Count` counts the matches.
                 * @example muller
                 */
                q?: components["parameters"]["SearchQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sharings. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["TotalCount"];
                    Link: components["headers"]["NextPageLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sharing"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
        };
    };
    suspendSharing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Sharing id (the invitation id).
                 * @example inv-owner-accepted
                 */
                id: components["parameters"]["SharingIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated sharing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sharing"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    resumeSharing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Sharing id (the invitation id) of a sharing an admin paused.
                 * @example inv-owner-paused
                 */
                id: components["parameters"]["PausedSharingIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated sharing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sharing"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    resetSimulation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "scenario": "demo"
                 *     }
                 */
                "application/json": components["schemas"]["SimulationReset"];
            };
        };
        responses: {
            /** @description Reset done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listScenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenarios. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "demo",
                     *         "title": "Demo personas",
                     *         "description": "The personas of the sign-in page with products in both collection states, invitations in every status, companies in every registration state and finished downloads."
                     *       },
                     *       {
                     *         "name": "empty",
                     *         "title": "Personas only",
                     *         "description": "The same personas and company registrations, with no products, invitations, sharings or download jobs."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Scenario"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    getSimulationClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "speed": 1,
                     *       "now": "2025-03-14T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SimulationClock"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    setSimulationClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "speed": 10
                 *     }
                 */
                "application/json": components["schemas"]["SimulationClockUpdate"];
            };
        };
        responses: {
            /** @description The clock after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "speed": 10,
                     *       "now": "2025-03-14T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SimulationClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The faults. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    injectFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "operationId": "listProducts",
                 *       "status": 500,
                 *       "count": 2,
                 *       "delayMs": 1500
                 *     }
                 */
                "application/json": components["schemas"]["FaultInput"];
            };
        };
        responses: {
            /** @description The injected fault. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    clearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    advanceSimulationClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "minutes": 1440
                 *     }
                 */
                "application/json": components["schemas"]["SimulationClockAdvance"];
            };
        };
        responses: {
            /** @description The clock after the jump. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "speed": 1,
                     *       "now": "2025-03-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SimulationClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listSimulationOperations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operations, in contract order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "operationId": "listProducts",
                     *         "method": "GET",
                     *         "path": "/api/v1/products",
                     *         "summary": "The user's vehicles and wallboxes",
                     *         "statuses": [
                     *           401,
                     *           403,
                     *           500
                     *         ],
                     *         "errorCodes": [
                     *           {
                     *             "code": "UNAUTHENTICATED",
                     *             "status": 401
                     *           },
                     *           {
                     *             "code": "FORBIDDEN",
                     *             "status": 403
                     *           },
                     *           {
                     *             "code": "INTERNAL_ERROR",
                     *             "status": 500
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SimulationOperation"][];
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    listSimulationPersonas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The personas. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "user-owner",
                     *         "email": "owner@example.com",
                     *         "fullName": "Olivia Owner",
                     *         "role": "user",
                     *         "termsToAccept": null,
                     *         "agentStatus": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CurrentUser"][];
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    switchSimulationPersona: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "fleet@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["SimulationPersonaSwitch"];
            };
        };
        responses: {
            /** @description Signed in as the persona. */
            200: {
                headers: {
                    /** @description The new session cookie. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "user-fleet",
                     *       "email": "fleet@example.com",
                     *       "fullName": "Fiona Fleet",
                     *       "role": "agent",
                     *       "termsToAccept": null,
                     *       "agentStatus": "active"
                     *     }
                     */
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listSimulationSnapshots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshots. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "before-approval",
                     *         "createdAt": "2026-11-23T21:04:15.008Z",
                     *         "sizeBytes": 379216
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SimulationSnapshot"][];
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    createSimulationSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "before-approval"
                 *     }
                 */
                "application/json": components["schemas"]["SimulationSnapshotInput"];
            };
        };
        responses: {
            /** @description The saved snapshot. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "before-approval",
                     *       "createdAt": "2025-03-14T09:30:00.000Z",
                     *       "sizeBytes": 294912
                     *     }
                     */
                    "application/json": components["schemas"]["SimulationSnapshot"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteSimulationSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The snapshot's name.
                 * @example before-approval
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    restoreSimulationSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The snapshot's name.
                 * @example before-approval
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Restored. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    getSimulationSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The world. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": null,
                     *       "scenario": "demo",
                     *       "createdAt": "2025-03-14T09:00:00.000Z",
                     *       "expiresAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["SimulationSandbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    leaveSimulationSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Back in the shared world. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    createSimulationSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scenario": "demo"
                 *     }
                 */
                "application/json": components["schemas"]["SimulationSandboxInput"];
            };
        };
        responses: {
            /** @description The new sandbox. */
            201: {
                headers: {
                    /** @description The sandbox cookie (and a session cookie when the caller stays signed in). */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "Vb3kQ2xY9pLm",
                     *       "scenario": "demo",
                     *       "createdAt": "2025-03-14T09:00:00.000Z",
                     *       "expiresAt": "2025-03-14T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SimulationSandbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listSimulationCalls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calls. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0b9f6a52-5c1e-4c1a-9a51-2f0f4c1d7e11",
                     *         "at": "2025-03-14T09:30:00.000Z",
                     *         "method": "GET",
                     *         "path": "/api/v1/products",
                     *         "operationId": "listProducts",
                     *         "status": 418,
                     *         "durationMs": 4,
                     *         "violation": "status 418 is not declared for listProducts (declared: 200, 401, 403, 500)",
                     *         "requestBody": null,
                     *         "responseBody": "{\"errors\":[{\"code\":\"VALIDATION_FAILED\",\"message\":\"The request failed (simulated fault).\"}]}"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SimulationCall"][];
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    clearSimulationCalls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emptied. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    getUserGuide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PdfDocument"];
            304: components["responses"]["PdfNotModified"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    headUserGuide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PdfDocumentHead"];
            304: components["responses"]["PdfNotModified"];
            404: components["responses"]["HeadNotFound"];
            500: components["responses"]["HeadInternalError"];
        };
    };
    getCatalogue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Catalogue file name (URL-encoded, e.g. `Vehicle%20Data.pdf`).
                 * @example Vehicle Data.pdf
                 */
                document: components["parameters"]["CatalogueDocumentPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PdfDocument"];
            304: components["responses"]["PdfNotModified"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    headCatalogue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Catalogue file name (URL-encoded, e.g. `Vehicle%20Data.pdf`).
                 * @example Vehicle Data.pdf
                 */
                document: components["parameters"]["CatalogueDocumentPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PdfDocumentHead"];
            304: components["responses"]["PdfNotModified"];
            400: components["responses"]["HeadBadRequest"];
            404: components["responses"]["HeadNotFound"];
            500: components["responses"]["HeadInternalError"];
        };
    };
    getTermsDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Terms file name `{termsId}_{role}_en.pdf`.
                 * @example 2025-01_user_en.pdf
                 */
                document: components["parameters"]["TermsDocumentPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PdfDocument"];
            304: components["responses"]["PdfNotModified"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    headTermsDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Terms file name `{termsId}_{role}_en.pdf`.
                 * @example 2025-01_user_en.pdf
                 */
                document: components["parameters"]["TermsDocumentPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PdfDocumentHead"];
            304: components["responses"]["PdfNotModified"];
            400: components["responses"]["HeadBadRequest"];
            404: components["responses"]["HeadNotFound"];
            500: components["responses"]["HeadInternalError"];
        };
    };
    listContractDrift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proxy's settings and the drift it recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "target": null,
                     *       "fallback": {
                     *         "unimplemented": false,
                     *         "operations": []
                     *       },
                     *       "drifts": []
                     *     }
                     */
                    "application/json": components["schemas"]["ContractDriftReport"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
}
