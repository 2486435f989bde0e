/**
 * CloudFront adds this header, with a generated secret value, to every request it sends to the
 * HTTP API; the API middleware rejects requests without it when the variable is set, so the
 * default execute-api endpoint is useless to a browser or a bot that bypasses CloudFront (and WAF).
 * The local stack does not set the variable, so the check is off there.
 */
export const ORIGIN_VERIFY = { header: 'x-origin-verify', envVar: 'ORIGIN_VERIFY_SECRET' } as const;
